// Before a worktree's branch is merged: the files it brings, those the project changed too
// (git merges them; not checked), and the evidence of the rest, with Merge and Cancel. Nothing
// is merged until the person presses Merge here.
import type { MergePreview } from './use-worktrees';
import { EvidencePanel } from '../review/evidence-panel';

const NO_TEXTS: Readonly<Record<string, string>> = {};

export function MergePreviewBox({
  preview,
  busy,
  onMerge,
  onCancel,
}: {
  preview: MergePreview & { name: string };
  busy: boolean;
  onMerge(): void;
  onCancel(): void;
}) {
  return (
    <div className="merge-preview" role="group" aria-label={`Merge ${preview.branch}?`}>
      <p className="small-text">
        {preview.branch} changes {preview.files.length} file
        {preview.files.length === 1 ? '' : 's'} here: {preview.files.slice(0, 8).join(', ')}
        {preview.files.length > 8 ? ', …' : ''}
      </p>
      {preview.bothChanged.length > 0 && (
        <p className="small-text muted">
          Changed here too, so merged by git and not checked: {preview.bothChanged.join(', ')}
        </p>
      )}
      {preview.evidence && <EvidencePanel evidence={preview.evidence} proposedTexts={NO_TEXTS} />}
      <div className="worktree-actions">
        <button type="button" className="button small primary" disabled={busy} onClick={onMerge}>
          Merge {preview.branch}
        </button>
        <button type="button" className="button small" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
