// Which hunks of an open change set are ticked, and the selection `proposals.apply` takes for
// them: a file whose every hunk is ticked goes whole, the others by their ticked hunks.
import type { ChangeSetSelection, ChangeSetView } from '../../../shared/contract';

/** The ticked hunk ids per file path. */
export type Selected = Record<string, string[]>;

/** Every hunk of every file that may be written (a protected path is never ticked). */
export function allSelected(view: ChangeSetView): Selected {
  const out: Selected = {};
  for (const file of view.files)
    if (!file.protectedPath) out[file.path] = file.hunks.map((h) => h.id);
  return out;
}

export function selectionOf(view: ChangeSetView, selected: Selected): ChangeSetSelection {
  const files: string[] = [];
  const hunks: Record<string, string[]> = {};
  for (const file of view.files) {
    const ids = selected[file.path] ?? [];
    if (!ids.length) continue;
    if (ids.length === file.hunks.length) files.push(file.path);
    else hunks[file.path] = file.hunks.map((h) => h.id).filter((id) => ids.includes(id));
  }
  return { files, hunks };
}

/** The selection with one hunk ticked or unticked. */
export function toggleHunk(current: Selected, path: string, hunkId: string): Selected {
  const ids = current[path] ?? [];
  return {
    ...current,
    [path]: ids.includes(hunkId) ? ids.filter((x) => x !== hunkId) : [...ids, hunkId],
  };
}
