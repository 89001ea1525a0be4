// One hunk of the live review, kept whole, split into its separate changes (each with its own
// box, as `git add -p`'s `s`), or opened line by line. Every view ticks the same selection.
import { useMemo, useState } from 'react';
import type { Diagnostic } from '../../../shared/diagnostics';
import { hunkParts } from '../../../shared/hunk-selection';
import { HunkView, type HunkViewProps } from './hunk-view';
import { LinePicker } from './line-picker';
import type { LineSelection } from './use-line-selection';

type View = 'whole' | 'split' | 'lines';

type Props = Pick<
  HunkViewProps,
  'hunk' | 'index' | 'path' | 'language' | 'splitView' | 'dark' | 'selectable'
> & {
  selection: LineSelection;
  errors: readonly Diagnostic[];
};

export function HunkSelector(props: Props) {
  const { hunk, index, selection, selectable } = props;
  const [view, setView] = useState<View>('whole');
  const parts = useMemo(() => hunkParts(hunk), [hunk]);
  const name = `hunk ${index + 1}`;
  const show = (next: View) => setView(view === next ? 'whole' : next);
  const actions = selectable && (
    <span className="hunk-actions">
      {parts.length > 1 && (
        <button
          type="button"
          className="button small"
          aria-pressed={view === 'split'}
          onClick={() => show('split')}
        >
          Split into {parts.length} changes
        </button>
      )}
      <button
        type="button"
        className="button small"
        aria-pressed={view === 'lines'}
        onClick={() => show('lines')}
      >
        Pick lines
      </button>
    </span>
  );
  const common = {
    path: props.path,
    language: props.language,
    splitView: props.splitView,
    dark: props.dark,
    selectable,
  };
  const body =
    view === 'split' ? (
      <div className="hunk-parts">
        {parts.map((part, k) => (
          <HunkView
            key={part.id}
            {...common}
            hunk={part.hunk}
            index={index}
            title={`Change ${index + 1}.${k + 1}`}
            tick={selection.partState(part)}
            onToggle={() => selection.togglePart(part)}
          />
        ))}
      </div>
    ) : view === 'lines' ? (
      <LinePicker hunk={hunk} name={name} language={props.language} selection={selection} />
    ) : undefined;
  return (
    <HunkView
      {...common}
      hunk={hunk}
      index={index}
      tick={selection.hunkState(hunk)}
      onToggle={() => selection.toggleHunk(hunk)}
      actions={actions}
      body={body}
      errors={props.errors}
    />
  );
}
