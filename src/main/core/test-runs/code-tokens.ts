// Whether a change keeps every code token: comments, blank lines and spacing only (Python
// docstrings count as code). Such a change cannot make a test pass or fail, so no test runs
// and the verdict says why. Only Python, Go and JavaScript/TypeScript sources are read this way;
// any other file, a new or removed file, or a text either reader cannot follow counts as a
// change.
import { goCodeTokens } from './go-code-tokens';
import { isJsCodeFile, jsCodeTokens } from './js-code-tokens';
import { pythonCodeTokens } from '../../../shared/python-code-tokens';
import type { TestChange } from './test-plan';

/** The reason of a verdict for a change that keeps every code token. */
export const KEEPS_CODE_TOKENS_REASON = 'no test run: the change keeps every code token';

function tokensOf(file: string, text: string): string | null {
  if (file.endsWith('.py')) return pythonCodeTokens(text);
  if (file.endsWith('.go')) return goCodeTokens(text);
  if (isJsCodeFile(file)) return jsCodeTokens(file, text);
  return null;
}

export function keepsCodeTokens(change: TestChange): boolean {
  if (typeof change.before !== 'string') return false;
  if (change.before === change.after) return true;
  const before = tokensOf(change.path, change.before);
  return before !== null && before === tokensOf(change.path, change.after);
}

/** Every change keeps its file's code tokens (and there is at least one change). */
export function changesKeepCodeTokens(changes: readonly TestChange[]): boolean {
  return changes.length > 0 && changes.every(keepsCodeTokens);
}
