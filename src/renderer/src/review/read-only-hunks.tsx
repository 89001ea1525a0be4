// Hunks shown for reading, not ticking: what a command writes, or the person's own version
// against the file. One list, so both look like the review's hunks.
import type { Hunk } from '../../../shared/approvals';
import { languageForPath } from '../highlight/highlighter';
import { HunkView } from './hunk-view';

interface Props {
  hunks: readonly Hunk[];
  path: string;
  splitView: boolean;
  dark: boolean;
  /** Each hunk's name; default "Hunk N". */
  title?: (index: number) => string;
}

export function ReadOnlyHunks({ hunks, path, splitView, dark, title }: Props) {
  const language = languageForPath(path);
  return hunks.map((hunk, index) => (
    <HunkView
      key={hunk.id}
      {...{ hunk, index, path, language, splitView, dark }}
      selectable={false}
      title={title?.(index)}
      onToggle={() => undefined}
    />
  ));
}
