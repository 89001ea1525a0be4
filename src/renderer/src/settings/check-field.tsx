// A checkbox with its words beside it, in the `check-field` layout of Settings. What it reports
// is the new state; saving it is the caller's.
import type { ReactNode } from 'react';

interface Props {
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}

export function CheckField({ checked, disabled, onChange, children }: Props) {
  return (
    <label className="check-field">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}
