// The hooks' part of the evidence as a terminal prints it: the shared line, each hook with news,
// its command and first lines of output, everything from the hook made visible before it is
// printed.
import { describe, expect, it } from 'vitest';
import { renderEvidence } from '../../src/cli/evidence-lines';
import type { ProposalEvidence } from '../../src/shared/diagnostics';
import type { HookRun } from '../../src/shared/hooks';

function run(overrides: Partial<HookRun> = {}): HookRun {
  return {
    hookId: 'h1',
    source: 'project',
    event: 'PreToolUse',
    command: 'ruff check $SLUICE_CHANGED_FILES',
    outcome: 'failed',
    exitCode: 1,
    ms: 300,
    output: 'app.py:3:1: F401 `os` imported but unused\nFound 1 error.',
    reason: 'exited with 1: app.py:3:1: F401 `os` imported but unused',
    ...overrides,
  };
}

function withHooks(hooks: ProposalEvidence['hooks']): ProposalEvidence {
  return {
    state: 'checked',
    ms: 100,
    introduced: [],
    fixed: [],
    languages: [{ language: 'python', state: 'checked', filesChecked: 1, ms: 100 }],
    checkedAt: '2026-12-04T00:00:00.000Z',
    baseHashes: {},
    hooks,
  };
}

describe('hooks evidence lines', () => {
  it('hooks lines - the shared line, then the hook with news, its command and output', () => {
    const text = renderEvidence(withHooks({ state: 'failed', runs: [run()], ms: 1200 }), false);
    const lines = text.split('\n');
    expect(lines).toContain('Hooks: ruff — 1 error (exit 1: an error, not a block) (1.2 s)');
    expect(lines).toContain('  ruff 1 error (exit 1: an error, not a block)');
    expect(lines).toContain("      the project's hook: ruff check $SLUICE_CHANGED_FILES");
    expect(lines).toContain('      app.py:3:1: F401 `os` imported but unused');
  });

  it('hooks lines - a hook that passed is said in the line alone', () => {
    const passed = run({ outcome: 'passed', exitCode: 0, output: '', reason: undefined });
    const text = renderEvidence(withHooks({ state: 'passed', runs: [passed], ms: 250 }), false);
    expect(text.trimEnd().split('\n').slice(-1)).toEqual(['Hooks: ruff — passed (250 ms)']);
  });

  it('hooks lines - escape sequences and hidden characters from a hook are made visible', () => {
    const hostile = run({
      command: 'lint\u001b]0;pwned\u0007',
      output: 'ok\u001b[2J\u202Egnp.exe',
      outcome: 'blocked',
      exitCode: 2,
      reason: 'no\u200Bpe',
    });
    const text = renderEvidence(withHooks({ state: 'blocked', runs: [hostile], ms: 10 }), true);
    // Only Sluice's own colour codes remain.
    const ESC = String.fromCharCode(0x1b);
    const own = text.split(`${ESC}[31m`).join('').split(`${ESC}[39m`).join('');
    for (const hidden of [ESC, '\u0007', '\u202e', '\u200b']) expect(own).not.toContain(hidden);
    expect(text).toContain('ok\\u001b[2J\\u202egnp.exe');
    expect(text).toContain('no\\u200bpe');
  });

  it('hooks lines - not run says why', () => {
    const text = renderEvidence(
      withHooks({
        state: 'not_run',
        runs: [run({ outcome: 'not_run', exitCode: null, output: '', reason: 'no sandbox' })],
        ms: 0,
        reason: 'no sandbox on this machine (bubblewrap is not installed)',
      }),
      false,
    );
    expect(text).toContain(
      'Hooks: not run — no sandbox on this machine (bubblewrap is not installed)',
    );
  });
});
