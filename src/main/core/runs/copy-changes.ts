// What a command changed in a background run's private copy: the run's layer
// (overlayfs's upper folder) listed before and after, not the project, which the command
// never touches. Every change of a copy is in that layer, so the listing is small and exact:
// a copied-up file, a new file, or a whiteout for a deletion.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { changedInLayer, LayerLimitError, type LayerScan } from '../sandbox/upper-layer';
import type { CommandCopyPort } from '../commands/command-port';

export interface CopyChange {
  readonly path: string;
  readonly kind: 'created' | 'modified' | 'deleted';
}

export function scanCopy(copy: CommandCopyPort, previous?: LayerScan): Promise<LayerScan> {
  return copy.executor.scan(copy.copy, copy.skip, previous);
}

/** The copy's changes between two scans, named as created / modified / deleted. */
export function copyChanges(root: string, before: LayerScan, after: LayerScan): CopyChange[] {
  return changedInLayer(before, after).map((rel) => {
    const entry = after.get(rel);
    if (!entry || entry.kind === 'deleted') return { path: rel, kind: 'deleted' };
    const inProject = existsSync(path.join(root, ...rel.split('/')));
    return { path: rel, kind: inProject || before.has(rel) ? 'modified' : 'created' };
  });
}

export function describeCopyChanges(
  changes: readonly CopyChange[],
  notes: readonly string[],
): string {
  const lines = [
    changes.length
      ? `files changed in your private copy (${changes.length}; the project is untouched, they become part of the change set):`
      : 'files changed: none (in non-ignored files of your private copy)',
  ];
  const sign = { created: '+', modified: 'M', deleted: '-' } as const;
  for (const c of changes) lines.push(`  ${sign[c.kind]} ${c.path}`);
  for (const note of notes) lines.push(`note: ${note}`);
  return lines.join('\n');
}

export { LayerLimitError };
