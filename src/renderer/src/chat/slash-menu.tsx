// The slash command list over the message box: each command with its arguments and one line,
// the project's own marked as such. Like the @-mention list, the message box keeps focus and
// points at the highlighted option with aria-activedescendant. The list is tall enough for the
// built-ins; past that it scrolls, and the arrows keep the highlighted option in view.
import { useEffect } from 'react';
import { slashUsage, type SlashItem } from '../../../shared/slash-commands';
import { mentionOptionId } from './mention-menu';

export function SlashMenu(props: {
  id: string;
  items: SlashItem[];
  highlighted: number;
  onPick(index: number): void;
}) {
  const highlightedId = mentionOptionId(props.id, props.highlighted);
  useEffect(() => {
    const option = document.getElementById(highlightedId);
    if (option && typeof option.scrollIntoView === 'function') {
      option.scrollIntoView({ block: 'nearest' });
    }
  }, [highlightedId]);
  return (
    <ul className="mention-menu slash-menu" id={props.id} role="listbox" aria-label="Commands">
      {props.items.map((item, index) => (
        <li
          key={`${item.source}:${item.name}`}
          id={mentionOptionId(props.id, index)}
          role="option"
          aria-selected={index === props.highlighted}
          className="mention-option"
          onMouseDown={(event) => {
            event.preventDefault();
            props.onPick(index);
          }}
        >
          <span className="mention-label">{slashUsage(item)}</span>
          <span className="mention-detail slash-summary">
            {item.source === 'project' ? `${item.summary} · project` : item.summary}
          </span>
        </li>
      ))}
    </ul>
  );
}
