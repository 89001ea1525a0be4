// `sluice ask` prints each hook run as a step on stderr, as the app and the session say it:
// whose hook, the event, the command, what came of it with its exit and duration, then its
// first lines; under the tool call it was about (indented), and the hook's own output with its
// control characters shown, never obeyed.
import { describe, expect, it } from 'vitest';
import { createHumanPrinter } from '../../src/cli/ask-printer';
import { trackStderrLines } from '../../src/cli/stderr-line-tracker';
import type { AgentEvent } from '../../src/shared/agent-events';
import type { HookRun } from '../../src/shared/hooks';
import { fakeCliIo } from '../support/fake-cli-io';

const ids = { conversationId: 'c1', turnId: 't1' };

function printer() {
  const io = fakeCliIo();
  const print = createHumanPrinter(trackStderrLines(io));
  return { print, err: io.err, out: io.out };
}

const guard: HookRun = {
  hookId: 'h1',
  source: 'person',
  event: 'PreToolUse',
  command: './lint.sh',
  toolName: 'run_command',
  outcome: 'blocked',
  exitCode: 2,
  ms: 412,
  output: 'rm -rf is not allowed\n\u001b]0;pwned\u0007second line\n',
  reason: 'rm -rf is not allowed',
};

describe('ask printer - hook runs', () => {
  it('ask printer - a hook run about a tool call is a step under it, with its first lines escaped', () => {
    const p = printer();
    const events: AgentEvent[] = [
      {
        type: 'tool_start',
        ...ids,
        toolUseId: 'u1',
        name: 'run_command',
        input: { command: 'rm -rf build' },
        label: 'Running rm -rf build',
      },
      { type: 'hook_run', ...ids, toolUseId: 'u1', run: guard },
      {
        type: 'tool_end',
        ...ids,
        toolUseId: 'u1',
        name: 'run_command',
        status: 'denied',
        result: "Not run: the person's PreToolUse hook blocked this call.",
      },
    ];
    for (const event of events) p.print(event);
    const lines = p.err().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '→ Running rm -rf build',
      '  ⊘ Hook (yours) PreToolUse on run_command · `./lint.sh` · blocked (exit 2) · 0.4 s',
      '      rm -rf is not allowed',
      '      \\u001b]0;pwned\\u0007second line',
    ]);
    expect(p.err()).not.toContain('\u001b');
    expect(p.out()).toBe('');
  });

  it("ask printer - a run of the turn itself is a step of its own, with the hooks' word to the person", () => {
    const p = printer();
    p.print({
      type: 'hook_run',
      ...ids,
      run: {
        hookId: 'h2',
        source: 'project',
        event: 'UserPromptSubmit',
        command: 'node hooks/prompt.js',
        outcome: 'timed_out',
        exitCode: null,
        ms: 60_000,
        output: '',
        reason: 'killed at its timeout of 60 s',
      },
      message: 'Prompt logging is slow today.',
    });
    expect(p.err()).toBe(
      "✕ Hook (the project's) UserPromptSubmit · `node hooks/prompt.js` · timed out, did not block · 1 min 0 s\n    Prompt logging is slow today.\n    killed at its timeout of 60 s\n",
    );
  });
});
