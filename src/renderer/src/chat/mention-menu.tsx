import type { Suggestion } from './use-mention-suggestions';

export function MentionMenu(props: {
  suggestions: Suggestion[];
  highlighted: number;
  onPick(index: number): void;
}) {
  return (
    <ul className="mention-menu" id="mention-menu" role="listbox" aria-label="Mention suggestions">
      {props.suggestions.map((suggestion, index) => (
        <li
          key={suggestion.key}
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
