// One file of a change set: its diff, hunk by hunk, each with a checkbox while the set can be
// applied. Reuses the live review's HunkView, so both reviews look and behave the same.
import { acceptedHunkIds } from '../../../shared/change-set-notes';
import type { ChangeSetFile } from '../../../shared/contract';
import type { Diagnostic } from '../../../shared/diagnostics';
import { errorsInHunk } from '../review/evidence-text';
import { HunkView } from '../review/hunk-view';
import { languageForPath } from '../highlight/highlighter';
import { fileStateWords } from './change-set-words';

interface Props {
  file: ChangeSetFile;
  selectable: boolean;
  selected: ReadonlySet<string>;
  dark: boolean;
  /** The set's introduced errors (any file): those on this file's hunks show beside them. */
  introduced?: readonly Diagnostic[];
  /** The file was written and that write was undone since. */
  undone?: boolean;
  onToggle(hunkId: string): void;
}

/** After a review, what became of each hunk; undefined while the file waits for review. */
function outcomeOf(file: ChangeSetFile, hunkId: string, undone: boolean): string | undefined {
  switch (file.state) {
    case 'pending':
      return undefined;
    case 'applied':
      return undone ? 'written, then undone' : 'written';
    case 'partly-applied':
      if (!acceptedHunkIds(file.note).includes(hunkId)) return 'not written';
      return undone ? 'written, then undone' : 'written';
    default:
      return 'not written';
  }
}

export function ChangeSetFileView({
  file,
  selectable,
  selected,
  dark,
  introduced = [],
  undone = false,
  onToggle,
}: Props) {
  const language = languageForPath(file.path);
  const canSelect = selectable && !file.protectedPath;
  return (
    <section className="inbox-file" data-testid="inbox-file" aria-label={file.path}>
      <header className="inbox-file-header">
        <strong>{file.path}</strong>
        {file.isNewFile && <span className="tag">new</span>}
        {file.protectedPath && (
          <span className="tag warn">protected: never applied from a change set</span>
        )}
        {file.state !== 'pending' && (
          <span className="tag" data-testid="file-state">
            {undone ? `${fileStateWords(file.state)}, then undone` : fileStateWords(file.state)}
          </span>
        )}
        {file.note && <span className="muted">{file.note}</span>}
      </header>
      {file.hunks.map((hunk, index) => {
        const outcome = canSelect ? undefined : outcomeOf(file, hunk.id, undone);
        return (
          <HunkView
            key={hunk.id}
            hunk={hunk}
            index={index}
            path={file.path}
            language={language}
            splitView={false}
            dark={dark}
            selectable={canSelect}
            selected={
              canSelect ? selected.has(hunk.id) : outcome === undefined || outcome === 'written'
            }
            outcome={outcome}
            onToggle={() => onToggle(hunk.id)}
            errors={errorsInHunk(hunk, file.path, introduced)}
          />
        );
      })}
    </section>
  );
}
