// The terminal session over the real project engine, for tests: the controller and the
// /commands wired as run-session.tsx wires them, the terminal review on a fake terminal that
// types the given keys, and a stage that counts the reviews holding the terminal (the screen
// is back when none does). Ctrl+C at a review does what the session's SIGINT listener does:
// it stops the running turn. The model is the fake Anthropic server at `baseURL`.
import { openCliEngine } from '../../../src/cli/cli-engine';
import { createTerminalApprover } from '../../../src/cli/terminal-approval';
import { screenApprover } from '../../../src/cli/session/session-approver';
import { SessionController } from '../../../src/cli/session/session-controller';
import { SessionStore } from '../../../src/cli/session/session-store';
import { sessionCommands } from '../../../src/cli/session/session-wiring';
import { Workspace } from '../../../src/main/core/workspace/workspace';
import { fakeCliIo } from '../../support/fake-cli-io';
import { fakeTerminal } from '../../support/fake-tty';

/** Long enough for a turn on a busy machine; a turn that never ends fails the test by it. */
const TURN_MS = 20_000;

export async function openEngineSession(place: {
  project: string;
  home: string;
  baseURL: string;
  keys: string[];
}) {
  const env = {
    ANTHROPIC_API_KEY: 'k',
    ANTHROPIC_BASE_URL: place.baseURL,
    SLUICE_HOME: place.home,
  };
  const io = fakeCliIo({ env, cwd: place.project });
  const store = new SessionStore({ mode: 'ask', model: 'claude-sonnet-5-5' });
  const term = fakeTerminal(place.keys);
  let reviews = 0;
  const stage = {
    beginReview: async () => void (reviews += 1),
    endReview: () => void (reviews -= 1),
    get reviewing() {
      return reviews > 0;
    },
  };
  let controller: SessionController | null = null;
  const approver = createTerminalApprover({
    input: term.input,
    output: term.output,
    interactive: true,
    interrupt: () => void controller?.interrupt(),
  });
  const workspace = await Workspace.open(place.project);
  const cli = openCliEngine({
    io,
    workspace,
    approver,
    wrapApprover: (inner) => screenApprover(inner, stage, store),
    createDiagnostics: null,
    createTests: null,
    maxRetries: 0,
  });
  const session = new SessionController({
    engine: cli.engine,
    store,
    command: (name, args) => commands.run(name, args),
  });
  controller = session;
  const commands = sessionCommands({ io, cli, workspace, store, controller: session, stage });
  return {
    io,
    store,
    term,
    /** A prompt as typed; 'still waiting' when it has not ended within the turn's time. */
    submit: (text: string) => within(session.submit(text)),
    /** How many reviews hold the terminal now (0: the session's screen is back). */
    reviews: () => reviews,
    /** The notices the session said, in order. */
    notices: () => store.snapshot().blocks.flatMap((b) => (b.kind === 'notice' ? [b.text] : [])),
    close: () => cli.close(),
  };
}

async function within<T>(promise: Promise<T>): Promise<T | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still waiting'>((resolve) => {
    timer = setTimeout(() => resolve('still waiting'), TURN_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
