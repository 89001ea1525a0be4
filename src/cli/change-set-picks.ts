// What a person types to name a change set and its hunks, and how `show` labels them: an id
// or an unambiguous prefix of one (as git takes a short hash), and hunks as `h1` or `1`.
import type {
  ChangeSetRepository,
  StoredChangeSet,
} from '../main/core/store/change-set-repository';
import { UsageError } from './cli-io';
import { typedId } from './typed-id';

export function parseHunkSelectors(raw: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const item of raw) {
    const at = item.lastIndexOf(':');
    const file = at > 0 ? item.slice(0, at).trim() : '';
    const ids =
      at > 0
        ? item
            .slice(at + 1)
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [];
    if (!file || !ids.length) throw new UsageError(`--hunks "${item}" must look like PATH:h1,h2.`);
    // `show` labels hunks h1, h2…; a bare number means the same hunk.
    const named = ids.map((h) => (/^\d+$/u.test(h) ? `h${h}` : h.toLowerCase()));
    out[file] = [...(out[file] ?? []), ...named];
  }
  return out;
}

/** A whole id, or the one id an unambiguous prefix names (as git takes a short hash). */
export function changeSetIdFor(
  repo: Pick<ChangeSetRepository, 'idsStartingWith'>,
  typed: string,
): string {
  return typedId(typed, repo.idsStartingWith(typed.toLowerCase()), 'change set');
}

/** The file's diff with each hunk named as `apply --hunks` takes it ("h1 @@ -1,5 +1,5 @@"). */
export function labelHunks(file: StoredChangeSet['files'][number]): string[] {
  let next = 0;
  return file.unifiedDiff
    .replace(/\n$/u, '')
    .split('\n')
    .map((line) => {
      if (!line.startsWith('@@')) return line;
      const id = file.hunks[next]?.id;
      next += 1;
      return id ? `${id} ${line}` : line;
    });
}
