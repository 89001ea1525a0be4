// A deadline typed in seconds in Settings: the text as typed (starting from the saved
// milliseconds) and what it means, the number box with its bounds in its label, and the line that
// says what to type while it holds no deadline main accepts.
import { useState } from 'react';
import { TextField } from '../app/text-field';

/** Seconds as typed → whole milliseconds, or null when it is not from `minMs` to `maxMs`. */
export function secondsToMs(seconds: string, minMs: number, maxMs: number): number | null {
  if (seconds.trim() === '') return null;
  const value = Number(seconds);
  if (!Number.isFinite(value)) return null;
  const ms = Math.round(value * 1000);
  return ms >= minMs && ms <= maxMs ? ms : null;
}

export interface DeadlineText {
  seconds: string;
  setSeconds(seconds: string): void;
  /** The deadline typed, or null while it is not one main accepts. */
  ms: number | null;
  minMs: number;
  maxMs: number;
}

export function useDeadlineText(savedMs: number, minMs: number, maxMs: number): DeadlineText {
  const [seconds, setSeconds] = useState(String(savedMs / 1000));
  return { seconds, setSeconds, ms: secondsToMs(seconds, minMs, maxMs), minMs, maxMs };
}

interface Props {
  /** The words before the bounds, e.g. "Wait for the tests, in seconds". */
  label: string;
  deadline: DeadlineText;
  step?: number;
  disabled: boolean;
}

export function DeadlineField({ label, deadline, step, disabled }: Props) {
  const min = deadline.minMs / 1000;
  const max = deadline.maxMs / 1000;
  return (
    <>
      <TextField
        label={`${label} (${min}–${max})`}
        type="number"
        min={min}
        max={max}
        step={step}
        value={deadline.seconds}
        aria-invalid={deadline.ms === null}
        disabled={disabled}
        onChange={deadline.setSeconds}
      />
      {deadline.ms === null && (
        <p className="error-text small-text">
          Enter a number of seconds from {min} to {max}.
        </p>
      )}
    </>
  );
}
