// The terminal session itself: opens the project (the one engine every shell opens), the
// conversation asked for and the screen, then reads prompts until the person leaves.
import { modelInfo, DEFAULT_MODEL } from '../../main/core/agent/model-catalog';
import { approvalModeSchema } from '../../shared/approvals';
import { earlierPrompts } from '../../main/core/store/session-recall';
import { createPolicyRepository } from '../../main/core/store/policy-repository';
import { ExitCode, UsageError, type CliIo } from '../cli-io';
import { openCliEngine } from '../cli-engine';
import { openProject } from '../project-context';
import { draftOf, PromptHistory } from './prompt-editing';
import { typedText, type FirstFrame } from './first-frame';
import { SessionController } from './session-controller';
import { screenApprover } from './session-approver';
import { SessionScreen, type ScreenStreams } from './session-screen';
import { SessionStore } from './session-store';
import type { SessionRequest } from './session-verb';
import { askInstead } from './session-off-terminal';
import { sessionCommands } from './session-wiring';
import { pickConversation } from './session-resume';
import { sessionKeys } from './session-keys';
import { completionSources } from './session-completions';

/**
 * The screen draws with cursor moves, which the CLI's terminal-safe streams would show as
 * text: it writes to the process's own streams, and every text it shows from outside is made
 * safe where it is drawn (block-view.tsx, live-area.tsx, prompt-input.tsx).
 */
function screenStreams(): ScreenStreams {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
}

export async function runSession(
  request: SessionRequest,
  io: CliIo,
  firstFrame: FirstFrame | null = null,
): Promise<ExitCode> {
  try {
    return await openSession(request, io, firstFrame);
  } finally {
    // A session that ended before its screen drew leaves no half-drawn prompt behind.
    firstFrame?.erase();
  }
}

async function openSession(
  request: SessionRequest,
  io: CliIo,
  firstFrame: FirstFrame | null,
): Promise<ExitCode> {
  const mode = request.mode === undefined ? undefined : approvalModeSchema.safeParse(request.mode);
  if (mode && !mode.success)
    throw new UsageError(
      `--mode must be one of ${approvalModeSchema.options.join(', ')} (got "${request.mode}").`,
    );
  if (!(io.stdin.isTTY && io.stdout.isTTY)) return askInstead(request, io);
  const store = new SessionStore({
    mode: mode?.data ?? 'ask',
    model: request.model ?? DEFAULT_MODEL,
  });
  // Said in the session, under the first frame rather than over it.
  const quiet: CliIo = { ...io, stderr: { write: (text: string) => store.say(text.trimEnd()) } };
  const { workspace } = await openProject(firstFrame ? quiet : io, request.project);
  let screen: SessionScreen | null = null;
  const stage = {
    beginReview: () => screen?.beginReview() ?? Promise.resolve(),
    endReview: () => screen?.endReview(),
    get reviewing() {
      return screen?.reviewing ?? false;
    },
  };
  const cli = openCliEngine({
    io,
    workspace,
    mode: mode?.data,
    model: request.model,
    wrapApprover: (approver) => screenApprover(approver, stage, store),
    notices: { write: (text: string) => store.say(text.trimEnd()) },
  });
  try {
    const { engine, db } = cli;
    if (!mode) store.setMode(createPolicyRepository(db).get(engine.projectId).mode);
    const picked = await pickConversation({ request, db, projectId: engine.projectId, io });
    if (picked === 'cancelled') return ExitCode.Ok;
    const controller: SessionController = new SessionController({
      engine,
      store,
      cwd: io.cwd,
      command: (name, args) => commands.run(name, args),
    });
    const commands = sessionCommands({ io, cli, workspace, store, controller, stage });
    let leave: () => void = () => undefined;
    const left = new Promise<void>((resolve) => {
      leave = resolve;
    });
    const keys = sessionKeys({ store, controller, leave });
    screen = new SessionScreen(
      store,
      {
        contextWindow: modelInfo(store.snapshot().model).contextWindow,
        prompt: {
          history: new PromptHistory(earlierPrompts(db, engine.projectId)),
          sources: completionSources(engine, () => commands.projectCommands()),
          placeholder: 'Ask Claude… (/ for commands, @ for files)',
          drafts: store.drafts,
          onSubmit: (text) => void controller.submit(text),
          onEscape: keys.escape,
          onCtrlC: keys.ctrlC,
          onExit: leave,
        },
      },
      screenStreams(),
      firstFrame,
    );
    const stopSignals = keys.watchSignals();
    try {
      const typed = typedText(firstFrame?.takeTyped() ?? '');
      store.drafts.set(draftOf(typed.send ? '' : typed.text));
      // The conversation goes on from the first frame: its history is drawn with the prompt.
      if (picked) await commands.resume(picked);
      else store.say(`Sluice · ${workspace.root} · /help lists the commands`);
      screen.show();
      controller.attachNext = [...request.attach];
      if (request.prompt) void controller.submit(request.prompt);
      if (typed.send) void controller.submit(typed.text);
      await left;
      controller.interrupt();
      await screen.close();
    } finally {
      stopSignals();
    }
    const id = controller.conversationId;
    if (id)
      io.stderr.write(
        `Go on with this conversation: sluice -c (or sluice --resume ${id.slice(0, 8)})\n`,
      );
    return ExitCode.Ok;
  } finally {
    await cli.close();
  }
}
