import { describe, expect, it } from 'vitest';
import { hookDurationWords, hookStepWords } from '../../src/shared/hook-words';
import type { HookRun } from '../../src/shared/hooks';

const run = (overrides: Partial<HookRun>): HookRun => ({
  hookId: 'h',
  source: 'person',
  event: 'PostToolUse',
  command: './check.sh',
  outcome: 'passed',
  exitCode: 0,
  ms: 40,
  output: '',
  ...overrides,
});

describe('hook words', () => {
  it('hook words - durations read as seconds, then minutes', () => {
    expect([40, 412, 9_949, 12_400, 65_000].map(hookDurationWords)).toEqual([
      '0.0 s',
      '0.4 s',
      '9.9 s',
      '12 s',
      '1 min 5 s',
    ]);
  });

  it('hook words - a run that did not run says why and no duration', () => {
    const words = hookStepWords(
      run({
        outcome: 'not_run',
        exitCode: null,
        source: 'project',
        reason: 'not approved: sluice hooks approve',
      }),
    );
    expect(words.line).toBe(
      "Hook (the project's) PostToolUse · `./check.sh` · not run: not approved: sluice hooks approve",
    );
    expect(words.lines).toEqual([]);
    expect(words.tone).toBe('rejected');
  });

  it('hook words - first lines: the reason once, then the output, at most four, each cut', () => {
    const long = 'x'.repeat(300);
    const words = hookStepWords(
      run({
        outcome: 'blocked',
        exitCode: 2,
        reason: 'lint failed',
        output: `lint failed\n\n${long}\nthree\nfour\nfive\n`,
      }),
    );
    expect(words.lines).toHaveLength(4);
    expect(words.lines[0]).toBe('lint failed');
    expect(words.lines[1]).toHaveLength(200);
    expect(words.lines[1]?.endsWith('…')).toBe(true);
    expect(words.lines.slice(2)).toEqual(['three', 'four']);
  });

  it('hook words - a long or multi-line command is named by its first line, cut', () => {
    const words = hookStepWords(
      run({ command: `${'y'.repeat(100)}\nsecond`, toolName: 'read_file' }),
    );
    expect(words.line).toBe(
      `Hook (yours) PostToolUse on read_file · \`${'y'.repeat(79)}…\` · passed (exit 0) · 0.0 s`,
    );
  });
});
