// Testing hooks in Settings → Hooks: pick an event and a sample (the tool and its input as
// JSON, or a prompt), run the matching hooks as a turn would, and see each run and what they
// decided together. Bad JSON is said beside the button and nothing is run.
import { useState } from 'react';
import { HOOK_EVENTS, type HookEvent } from '../../../shared/hooks';
import type { HookTest, HookVerdictView } from '../../../shared/contract/hooks-service';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { TextField } from '../app/text-field';
import { HookRunList } from './hook-run-list';
import { isToolEvent } from './hook-words';

export interface HookTestFormProps {
  /** Runs the test: the verdict, or why it could not run, in words. */
  onTest(test: HookTest): Promise<HookVerdictView | string>;
}

const DECISION_WORDS: Record<HookVerdictView['decision'], string> = {
  none: 'nothing blocked, asked or allowed',
  allow: 'allow (recorded; your approval rules still apply)',
  ask: 'ask you before the tool runs',
  block: 'block',
};

/** The sample's input as typed: an object, or the problem in words. */
function inputOf(text: string): Record<string, unknown> | string | undefined {
  if (!text.trim()) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
    return 'The tool input is a JSON object, e.g. {"command": "npm test"}.';
  } catch (error) {
    return `The tool input is not JSON: ${error instanceof Error ? error.message : String(error)}.`;
  }
}

export function HookTestForm({ onTest }: HookTestFormProps) {
  const [event, setEvent] = useState<HookEvent>('PreToolUse');
  const [tool, setTool] = useState('run_command');
  const [input, setInput] = useState('');
  const [prompt, setPrompt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<HookVerdictView | null>(null);
  const [running, setRunning] = useState(false);
  const tools = isToolEvent(event);

  const test = async () => {
    const toolInput = tools ? inputOf(input) : undefined;
    if (typeof toolInput === 'string') return setProblem(toolInput);
    if (tools && !tool.trim()) return setProblem('Give the tool the sample call is about.');
    setProblem(null);
    setVerdict(null);
    setRunning(true);
    const result = await onTest({
      event,
      ...(tools ? { toolName: tool.trim() } : {}),
      ...(toolInput ? { toolInput } : {}),
      ...(event === 'UserPromptSubmit' && prompt ? { prompt } : {}),
    });
    setRunning(false);
    if (typeof result === 'string') setProblem(result);
    else setVerdict(result);
  };

  return (
    <form
      className="hook-form"
      aria-labelledby="hook-test-title"
      onSubmit={(submit) => {
        submit.preventDefault();
        void test();
      }}
    >
      <h3 className="hook-list-title" id="hook-test-title">
        Test hooks
      </h3>
      <p className="muted small-text">
        Runs the hooks of an event that match the sample, as a turn would, and keeps the runs.
      </p>
      <div className="hook-form-row wide">
        <label className="field">
          <span className="field-label">Event to test</span>
          <select
            className="input"
            value={event}
            onChange={(change) => setEvent(change.target.value as HookEvent)}
          >
            {HOOK_EVENTS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {tools && <TextField label="Sample tool" value={tool} onChange={setTool} />}
      </div>
      {tools && (
        <label className="field">
          <span className="field-label">Sample tool input (JSON object)</span>
          <textarea
            className="input hook-input"
            rows={2}
            placeholder='{"command": "npm test"}'
            value={input}
            onChange={(change) => setInput(change.target.value)}
          />
        </label>
      )}
      {event === 'UserPromptSubmit' && (
        <TextField label="Sample prompt" value={prompt} onChange={setPrompt} />
      )}
      <div className="button-row">
        <button type="submit" className="button small" disabled={running}>
          {running ? 'Running the hooks…' : 'Test'}
        </button>
        {problem && (
          <span className="error-text small-text" role="alert">
            {problem}
          </span>
        )}
      </div>
      <div role="status" className="hook-test-result">
        {verdict && verdict.runs.length === 0 && (
          <p className="muted small-text">No {event} hook matches this sample; nothing ran.</p>
        )}
        {verdict && verdict.runs.length > 0 && (
          <>
            <p className="small-text">
              Decision: <strong>{DECISION_WORDS[verdict.decision]}</strong>
              {verdict.reason && <> — {visibleUntrusted(verdict.reason)}</>}
            </p>
            {verdict.additionalContext && (
              <p className="small-text">
                Context for Claude: {visibleUntrusted(verdict.additionalContext)}
              </p>
            )}
            {verdict.stop && (
              <p className="small-text">
                The turn would stop: {visibleUntrusted(verdict.stop.reason)}
              </p>
            )}
            {verdict.systemMessage && (
              <p className="small-text">
                Message for you: {visibleUntrusted(verdict.systemMessage)}
              </p>
            )}
            <HookRunList runs={verdict.runs} label="Runs of this test" />
          </>
        )}
      </div>
    </form>
  );
}
