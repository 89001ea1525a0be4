// One file of a change set: its diff, hunk by hunk, each with a checkbox while the set can be
// applied. Reuses the live review's HunkView, so both reviews look and behave the same.
import type { ChangeSetFile } from '../../../shared/contract';
import type { Diagnostic } from '../../../shared/diagnostics';
import { errorsInHunk } from '../review/evidence-text';
import { HunkView } from '../review/hunk-view';
import { languageForPath } from '../highlight/highlighter';

interface Props {
  file: ChangeSetFile;
  selectable: boolean;
  selected: ReadonlySet<string>;
  dark: boolean;
  /** The set's introduced errors (any file): those on this file's hunks show beside them. */
  introduced?: readonly Diagnostic[];
  onToggle(hunkId: string): void;
}

export function ChangeSetFileView({
  file,
  selectable,
  selected,
  dark,
  introduced = [],
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
        {file.state !== 'pending' && <span className="tag">{file.state}</span>}
        {file.note && <span className="muted">{file.note}</span>}
      </header>
      {file.hunks.map((hunk, index) => (
        <HunkView
          key={hunk.id}
          hunk={hunk}
          index={index}
          path={file.path}
          language={language}
          splitView={false}
          dark={dark}
          selectable={canSelect}
          selected={!canSelect || selected.has(hunk.id)}
          onToggle={() => onToggle(hunk.id)}
          errors={errorsInHunk(hunk, file.path, introduced)}
        />
      ))}
    </section>
  );
}
