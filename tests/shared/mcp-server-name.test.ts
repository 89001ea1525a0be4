import { describe, expect, it } from 'vitest';
import { mcpServerNameProblem } from '../../src/shared/mcp-server-name';

// The contract's rule, to check the words agree with it.
const RULE = /^(?!.*__)[A-Za-z0-9_-]{0,23}[A-Za-z0-9-]$/u;

describe('mcpServerNameProblem', () => {
  it.each([
    ['', /Give the server a name/u],
    ['a'.repeat(25), /at most 24 characters; this one has 25/u],
    ['my server', /remove the spaces/u],
    ['a.b', /remove “\.”/u],
    ['a__b', /two _ in a row/u],
    ['ab_', /cannot end with _/u],
  ])('mcpServerNameProblem - %j is refused in words', (name, words) => {
    expect(mcpServerNameProblem(name)).toMatch(words);
    expect(RULE.test(name)).toBe(false);
  });

  it.each(['fs', 'my_server', 'a-b-c', 'x'.repeat(24), 'a_b-'])(
    'mcpServerNameProblem - %j is accepted, as the contract accepts it',
    (name) => {
      expect(mcpServerNameProblem(name)).toBeNull();
      expect(RULE.test(name)).toBe(true);
    },
  );
});
