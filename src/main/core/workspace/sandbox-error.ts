// The one error the sandbox raises. `rule` names the rule that refused the request, so a
// tool result (and a test) can say exactly why, e.g. "rule: outside-root".
import { visibleUntrusted } from '../../../shared/untrusted-text';

export type SandboxRule =
  | 'invalid-path'
  | 'nul-byte'
  | 'path-too-long'
  | 'device-name'
  | 'outside-root'
  | 'symlink-outside'
  | 'symlink-write'
  | 'symlink-loop'
  | 'not-found'
  | 'not-a-file'
  | 'not-a-directory'
  | 'binary-file'
  | 'limit';

export class SandboxError extends Error {
  override readonly name = 'SandboxError';
  readonly rule: SandboxRule;
  /** The path exactly as the caller gave it (control characters escaped in the message). */
  readonly input: string;

  constructor(rule: SandboxRule, input: string, detail: string) {
    super(`Refused by the sandbox (rule: ${rule}): ${detail}`);
    this.rule = rule;
    this.input = input;
  }
}

/** Quotes a caller-supplied path for a message: escapes control characters, shortens huge input. */
export function quotePath(input: string, max = 120): string {
  const shown = input.length > max ? `${input.slice(0, max)}… (${input.length} characters)` : input;
  return visibleUntrusted(JSON.stringify(shown));
}
