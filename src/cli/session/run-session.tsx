// The terminal session itself: opens the project (the one engine every shell opens), the
// conversation asked for and the screen, then reads prompts until the person leaves.
import { modelInfo, DEFAULT_MODEL } from '../../main/core/agent/model-catalog';
import { approvalModeSchema } from '../../shared/approvals';
import { earlierPrompts } from '../../main/core/store/session-recall';
import { createPolicyRepository } from '../../main/core/store/policy-repository';
import { ExitCode, UsageError, type CliIo } from '../cli-io';
import { openCliEngine } from '../cli-engine';
import { openProject } from '../project-context';
import { PromptHistory } from './prompt-editing';
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

export async function runSession(request: SessionRequest, io: CliIo): Promise<ExitCode> {
  const mode = request.mode === undefined ? undefined : approvalModeSchema.safeParse(request.mode);
  if (mode && !mode.success)
    throw new UsageError(
      `--mode must be one of ${approvalModeSchema.options.join(', ')} (got "${request.mode}").`,
    );
  if (!(io.stdin.isTTY && io.stdout.isTTY)) return askInstead(request, io);
  const { workspace } = await openProject(io, request.project);
  const store = new SessionStore({
    mode: mode?.data ?? 'ask',
    model: request.model ?? DEFAULT_MODEL,
  });
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
          onSubmit: (text) => void controller.submit(text),
          onEscape: keys.escape,
          onCtrlC: keys.ctrlC,
          onExit: leave,
        },
      },
      screenStreams(),
    );
    const stopSignals = keys.watchSignals();
    try {
      screen.show();
      if (picked) await commands.resume(picked);
      else store.say(`Sluice · ${workspace.root} · /help lists the commands`);
      if (request.prompt) void controller.submit(request.prompt);
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
