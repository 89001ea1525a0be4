// An id as a person types it: whole, or an unambiguous start of it (as git takes a short
// hash). More than one match is a usage error that lists them; none leaves the text as typed,
// so the verb says it names nothing in its own words.
import { UsageError } from './cli-io';
import { outsideLine } from './terminal-safe-text';

export function typedId(typed: string, matches: readonly string[], noun: string): string {
  // A whole id starts only itself (ids of a kind are all of one length).
  if (matches.length > 1 && !matches.includes(typed))
    throw new UsageError(
      `"${outsideLine(typed)}" names more than one ${noun} (${matches.join(', ')}${matches.length >= 10 ? ', …' : ''}); type more of its id.`,
    );
  return matches.length > 1 ? typed : (matches[0] ?? typed);
}

/** A rule's id as the CLI prints it: its kind and first 8 characters (`rule-c0d1b592`). */
export function shortRuleId(id: string): string {
  const dash = id.indexOf('-');
  return dash < 0 ? id : id.slice(0, dash + 9);
}
