// The @-mention suggestions. The message box keeps focus and points at the highlighted option
// with aria-activedescendant, so the ids here are what a screen reader follows.
import type { Suggestion } from './use-mention-suggestions';

/** The DOM id of option `index` in the list with id `listId`. */
export function mentionOptionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

export function MentionMenu(props: {
  id: string;
  suggestions: Suggestion[];
  highlighted: number;
  onPick(index: number): void;
}) {
  return (
    <ul className="mention-menu" id={props.id} role="listbox" aria-label="Mention suggestions">
      {props.suggestions.map((suggestion, index) => (
        <li
          key={suggestion.key}
          id={mentionOptionId(props.id, index)}
          role="option"
          aria-selected={index === props.highlighted}
          className="mention-option"
          onMouseDown={(event) => {
            event.preventDefault();
            props.onPick(index);
          }}
        >
          <span className="mention-label">@{suggestion.label}</span>
          <span className="mention-detail">{suggestion.detail}</span>
        </li>
      ))}
    </ul>
  );
}
