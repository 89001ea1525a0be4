// Symbol index state ("Symbol index: 3 files · 10 symbols"): a progress bar while indexing,
// counts afterwards, the index's standing notices (a limit left files out, the watcher fell back
// to polling) in a status region, and the memory of the running type checkers.
import type { ReactNode } from 'react';
import type { IndexStatus } from '../../../shared/contract';
import { plural } from '../../../shared/plural';
import { useIndexStatus } from '../symbols/use-index-status';
import { CheckerMemory } from './checker-memory';

export function IndexProgress() {
  const status = useIndexStatus();
  if (!status) return null;
  return (
    <>
      <IndexCounts status={status} />
      <CheckerMemory />
      <IndexNotices notices={status.notices ?? []} />
    </>
  );
}

function IndexCounts({ status }: { status: IndexStatus }): ReactNode {
  if (status.indexing) {
    const percent = status.total > 0 ? Math.round((status.done / status.total) * 100) : 0;
    return (
      <div className="index-progress" data-testid="index-progress">
        <span>
          Indexing symbols: {status.done}/{status.total} files
        </span>
        <progress
          max={Math.max(status.total, 1)}
          value={status.done}
          aria-label={`Indexing ${percent}%`}
        />
      </div>
    );
  }
  return (
    <div
      className="index-progress muted"
      data-testid="index-progress"
      title={`${status.imports} imports`}
    >
      Symbol index: {plural(status.files, 'file')} · {plural(status.symbols, 'symbol')}
    </div>
  );
}

/** Always rendered (empty when there is nothing to say) so screen readers hear a notice that appears. */
function IndexNotices({ notices }: { notices: readonly string[] }): ReactNode {
  return (
    <div
      className="index-notices"
      role="status"
      aria-label="Index notices"
      data-testid="index-notices"
    >
      {notices.map((notice) => (
        // Focusable so a keyboard user can unfold a notice the top bar clips to two lines.
        <p key={notice} className="index-notice" title={notice} tabIndex={0}>
          <span aria-hidden="true">⚠ </span>
          {notice}
        </p>
      ))}
    </div>
  );
}
