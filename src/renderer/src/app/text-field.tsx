// A labelled one-line box in the `field` layout (its words above it). What is typed arrives as
// a string; every other attribute (type, min, max, aria-invalid, data-testid…) goes to the box.
import type { InputHTMLAttributes, ReactNode } from 'react';

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'value' | 'onChange' | 'children'
>;

interface Props extends InputAttributes {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  /** Shown under the box, inside its label (what is wrong with what was typed). */
  children?: ReactNode;
}

export function TextField({ label, value, onChange, children, ...attributes }: Props) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        {...attributes}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {children}
    </label>
  );
}
