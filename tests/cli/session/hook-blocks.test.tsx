// A hook run as the terminal session prints it (BlockView over the shared view-model): the step's
// line, indented under the tool call it was about, then its first lines; the hook's output with
// its control characters shown, never obeyed.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockView } from '../../../src/cli/session/block-view';
import { hookStepWords } from '../../../src/shared/hook-words';
import type { HookRun } from '../../../src/shared/hooks';

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

const run: HookRun = {
  hookId: 'h1',
  source: 'person',
  event: 'PreToolUse',
  command: './no-rm.sh',
  toolName: 'run_command',
  outcome: 'blocked',
  exitCode: 2,
  ms: 412,
  output: 'rm -rf is not allowed\n\u001b[2Jcleared?\n',
  reason: 'rm -rf is not allowed',
};

describe('BlockView - hook runs', () => {
  it('BlockView - a hook run under its tool call prints its line and first lines, controls visible', () => {
    const screen = render(
      <BlockView block={{ key: 'k', kind: 'hook', words: hookStepWords(run), nested: true }} />,
    );
    cleanup = () => screen.unmount();
    const frame = screen.lastFrame() ?? '';
    expect(frame.split('\n')).toEqual([
      '    ⊘ Hook (yours) PreToolUse on run_command · `./no-rm.sh` · blocked (exit 2) · 0.4 s',
      '        rm -rf is not allowed',
      '        \\u001b[2Jcleared?',
    ]);
  });

  it("BlockView - a run of the turn itself is printed at the steps' indent", () => {
    const screen = render(
      <BlockView
        block={{
          key: 'k',
          kind: 'hook',
          words: hookStepWords({
            ...run,
            event: 'Stop',
            toolName: undefined,
            outcome: 'passed',
            exitCode: 0,
            output: '',
            reason: undefined,
          }),
          nested: false,
        }}
      />,
    );
    cleanup = () => screen.unmount();
    expect(screen.lastFrame()).toBe(
      '  ✓ Hook (yours) Stop · `./no-rm.sh` · passed (exit 0) · 0.4 s',
    );
  });
});
