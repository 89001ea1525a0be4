// What "not checked" says when the TypeScript checker ends: at the memory ceiling, the same
// words as a command's result and a test verdict.
import { describe, expect, it } from 'vitest';
import { exitWords } from '../../../../../src/main/core/diagnostics/typescript/check-client';

describe('TypeScript checker exit words', () => {
  it('memory - stopped at the memory ceiling, in GB', () => {
    expect(exitWords({ code: null, signal: 'SIGKILL', reason: 'memory' }, 2048, '')).toBe(
      'the TypeScript checker stopped at the memory ceiling of 2 GB',
    );
  });

  it('an exit of its own - the last line of stderr', () => {
    expect(exitWords({ code: 1, signal: null, reason: 'exited' }, 2048, 'boom\nlast words')).toBe(
      'the TypeScript checker stopped (exit code 1): last words',
    );
  });
});
