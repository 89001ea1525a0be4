// What makes a path rule valid (Settings, `sluice rules add path`, the store): pure checks on
// the rule's text, shared so every layer refuses the same globs with the same words.
import type { ApprovalMode, PolicyRule } from './approvals';

/** A project's approval mode and path rules. */
export interface PolicyState {
  readonly mode: ApprovalMode;
  readonly rules: readonly PolicyRule[];
  /**
   * In `ask` mode: a write whose complete evidence is clean (no new errors, no newly failing
   * tests, every check ran) is applied without asking; anything else is asked.
   */
  readonly approveWhenClean?: boolean;
}

export class PolicyRuleError extends Error {
  override readonly name = 'PolicyRuleError';
}

/** Refuses globs that could not describe a path inside the project. */
export function validateRuleGlob(glob: string): string {
  const trimmed = glob.trim();
  if (!trimmed) throw new PolicyRuleError('The path glob is empty.');
  if (trimmed.includes('\0')) throw new PolicyRuleError('The path glob contains a NUL byte.');
  if (trimmed.startsWith('/') || /^[a-zA-Z]:/u.test(trimmed) || trimmed.startsWith('\\')) {
    throw new PolicyRuleError(
      `The path glob "${trimmed}" is absolute; give it relative to the project root.`,
    );
  }
  if (trimmed.split(/[\\/]/u).includes('..'))
    throw new PolicyRuleError(`The path glob "${trimmed}" climbs out with "..".`);
  return trimmed;
}
