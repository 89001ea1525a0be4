// A hook's id: the content hash of what it is (whose, which event, matcher, command, timeout,
// and for the person's own hooks which project they apply to), so the same hook keeps its id
// across reloads and a changed one gets a new id. A person types any unique start of it.
import { createHash } from 'node:crypto';
import type { HookDefinition, HookEvent } from '../../../shared/hooks';

export function hookId(
  source: HookDefinition['source'],
  event: HookEvent,
  matcher: string | null,
  command: string,
  timeoutSeconds: number,
  scope?: string | null,
): string {
  const fields: unknown[] = [source, event, matcher, command, timeoutSeconds];
  if (source === 'person') fields.push(scope ?? null);
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * The one hook whose id is `typed` or starts with it; an unknown or ambiguous id throws an Error
 * that says so in words.
 */
export function hookByIdStart<T extends { readonly id: string }>(
  hooks: readonly T[],
  typed: string,
  what: string,
): T {
  const start = typed.trim().toLowerCase();
  if (start === '') throw new Error(`Name the ${what} by its id (or the start of it).`);
  const exact = hooks.find((hook) => hook.id === start);
  if (exact) return exact;
  const found = hooks.filter((hook) => hook.id.startsWith(start));
  const [only] = found;
  if (only && found.length === 1) return only;
  if (found.length > 1)
    throw new Error(
      `${found.length} ${what}s have an id starting with ${JSON.stringify(typed)}; type more of it.`,
    );
  throw new Error(`No ${what} has an id starting with ${JSON.stringify(typed)}.`);
}
