// Adding one of the person's hooks in Settings → Hooks: the event (each said in words), the
// tools it is for (tool events only), the command, its timeout, and whether it runs in this
// project or every project. Why an add failed is said beside the button.
import { useState } from 'react';
import {
  DEFAULT_HOOK_TIMEOUT_SECONDS,
  HOOK_EVENTS,
  MAX_HOOK_TIMEOUT_SECONDS,
  type HookEvent,
} from '../../../shared/hooks';
import type { NewHook } from '../../../shared/contract/hooks-service';
import { TextField } from '../app/text-field';
import { HOOK_EVENT_WORDS, isToolEvent } from './hook-words';

export interface HookAddFormProps {
  /** Sends the hook: null once added (the form empties), else why it was not, in words. */
  onAdd(hook: NewHook): Promise<string | null>;
}

/** The timeout as typed: a whole number of seconds in range, or the problem in words. */
function timeoutOf(text: string): number | string {
  const seconds = Number(text);
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= MAX_HOOK_TIMEOUT_SECONDS
    ? seconds
    : `The timeout is a whole number of seconds from 1 to ${MAX_HOOK_TIMEOUT_SECONDS}.`;
}

export function HookAddForm({ onAdd }: HookAddFormProps) {
  const [event, setEvent] = useState<HookEvent>('PreToolUse');
  const [matcher, setMatcher] = useState('');
  const [command, setCommand] = useState('');
  const [timeout, setTimeoutText] = useState(String(DEFAULT_HOOK_TIMEOUT_SECONDS));
  const [scope, setScope] = useState<NewHook['scope']>('project');
  const [problem, setProblem] = useState<string | null>(null);
  const tools = isToolEvent(event);

  const add = async () => {
    const seconds = timeoutOf(timeout.trim());
    if (typeof seconds === 'string') return setProblem(seconds);
    if (!command.trim()) return setProblem('Give the command the hook runs.');
    setProblem(null);
    const refused = await onAdd({
      event,
      command: command.trim(),
      timeoutSeconds: seconds,
      scope,
      ...(tools && matcher.trim() ? { matcher: matcher.trim() } : {}),
    });
    setProblem(refused);
    if (refused === null) {
      setCommand('');
      setMatcher('');
    }
  };

  return (
    <form
      className="hook-form"
      aria-labelledby="hook-add-title"
      // The form says what is wrong in its own words, beside the button.
      noValidate
      onSubmit={(submit) => {
        submit.preventDefault();
        void add();
      }}
    >
      <h3 className="hook-list-title" id="hook-add-title">
        Add a hook of yours
      </h3>
      <div className="hook-form-row wide">
        <label className="field">
          <span className="field-label">Event</span>
          <select
            className="input"
            value={event}
            onChange={(change) => setEvent(change.target.value as HookEvent)}
          >
            {HOOK_EVENTS.map((name) => (
              <option key={name} value={name}>
                {name}: {HOOK_EVENT_WORDS[name]}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label="Tools (matcher)"
          placeholder={tools ? 'every tool, or e.g. edit_file|Bash' : 'not for this event'}
          value={tools ? matcher : ''}
          disabled={!tools}
          onChange={setMatcher}
        />
      </div>
      <TextField
        label="Command (reads the event as JSON on stdin; exit 2 blocks)"
        placeholder="./scripts/check-edit.sh"
        value={command}
        onChange={setCommand}
      />
      <div className="hook-form-row">
        <TextField
          label="Timeout (seconds)"
          type="number"
          min={1}
          max={MAX_HOOK_TIMEOUT_SECONDS}
          value={timeout}
          onChange={setTimeoutText}
        />
        <fieldset className="hook-scope">
          <legend className="field-label">Runs in</legend>
          <label className="check-field">
            <input
              type="radio"
              name="hook-scope"
              checked={scope === 'project'}
              onChange={() => setScope('project')}
            />
            <span>this project</span>
          </label>
          <label className="check-field">
            <input
              type="radio"
              name="hook-scope"
              checked={scope === 'everywhere'}
              onChange={() => setScope('everywhere')}
            />
            <span>every project</span>
          </label>
        </fieldset>
      </div>
      <div className="button-row">
        <button type="submit" className="button small">
          Add hook
        </button>
        {problem && (
          <span className="error-text small-text" role="alert">
            {problem}
          </span>
        )}
      </div>
    </form>
  );
}
