// The table every kind of rule is shown in (file paths, commands, network hosts): one row per
// rule with a Remove button named after the rule, and a line that says what happens when there
// are none.
import type { ReactNode } from 'react';

export interface RuleColumn<R> {
  readonly header: string;
  cell(rule: R): ReactNode;
}

export interface RulesTableProps<R extends { id: string }> {
  readonly caption: string;
  readonly columns: readonly RuleColumn<R>[];
  readonly rules: readonly R[];
  /** Shown when there are no rules: what happens without one. */
  readonly empty: ReactNode;
  /** The Remove button's accessible name, e.g. "Remove command rule npm test allow". */
  removeLabel(rule: R): string;
  onRemove(rule: R): void;
}

export function RulesTable<R extends { id: string }>(props: RulesTableProps<R>) {
  const { caption, columns, rules, empty, removeLabel, onRemove } = props;
  return (
    <table className="rules-table">
      <caption className="field-label">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header}>{column.header}</th>
          ))}
          <th>
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rules.length === 0 && (
          <tr>
            <td colSpan={columns.length + 1} className="muted small-text">
              {empty}
            </td>
          </tr>
        )}
        {rules.map((rule) => (
          <tr key={rule.id}>
            {columns.map((column) => (
              <td key={column.header}>{column.cell(rule)}</td>
            ))}
            <td>
              <button
                type="button"
                className="button small"
                aria-label={removeLabel(rule)}
                onClick={() => onRemove(rule)}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
