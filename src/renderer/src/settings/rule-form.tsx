// The one-line form under a rules table: its fields and an Add button that stays disabled
// (and Enter does nothing) until the fields make a rule.
import type { ReactNode } from 'react';

type RuleAction = 'allow' | 'ask' | 'deny';

interface RuleFormProps {
  /** A class beside `inline-form rule-form`, for a form laid out its own way. */
  className?: string;
  canAdd: boolean;
  addLabel: string;
  onAdd(): void;
  children: ReactNode;
}

export function RuleForm({ className, canAdd, addLabel, onAdd, children }: RuleFormProps) {
  return (
    <form
      className={className ? `inline-form rule-form ${className}` : 'inline-form rule-form'}
      onSubmit={(event) => {
        event.preventDefault();
        if (canAdd) onAdd();
      }}
    >
      {children}
      <button type="submit" className="button small" disabled={!canAdd}>
        {addLabel}
      </button>
    </form>
  );
}

interface RuleInputProps {
  /** The accessible name (the form has no visible labels). */
  label: string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
}

export function RuleInput({ label, placeholder, value, onChange }: RuleInputProps) {
  return (
    <input
      className="input small"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface RuleActionSelectProps {
  label: string;
  value: RuleAction;
  onChange(value: RuleAction): void;
}

export function RuleActionSelect({ label, value, onChange }: RuleActionSelectProps) {
  return (
    <select
      className="input small"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as RuleAction)}
    >
      <option value="allow">allow</option>
      <option value="ask">ask</option>
      <option value="deny">deny</option>
    </select>
  );
}
