// A CLI project engine with no checks, as a write verb opens it, for tests that drive the
// terminal approver through the engine's ports directly.
import { openCliEngine, type CliEngineOptions } from '../../src/cli/cli-engine';

export function openCliSession(options: CliEngineOptions) {
  const cli = openCliEngine({ createDiagnostics: null, createTests: null, ...options });
  return {
    engine: cli.engine,
    broker: cli.engine.ports.approvals,
    commands: cli.engine.ports.commands,
    /** Rejects what still waits at once; the engine finishes closing in the background. */
    close: (): void => void cli.close(),
    closed: () => cli.close(),
  };
}
