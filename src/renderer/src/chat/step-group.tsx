// The steps of one turn (tool calls and hook runs): live lines while it runs, then one
// "Done (N steps)" line that expands to the individual steps with their inputs and results.
// Under the collapsed line, each file a write step did not write (conflict, denial, rejection)
// stays named.
import { useState } from 'react';
import type { ChatItem } from './conversation-state';
import { hookRunIsProblem } from '../../../shared/hook-words';
import { plural } from '../../../shared/plural';
import { personDecision } from '../../../shared/step-decision';
import { HookStepLine } from './hook-step-line';
import { StepLine } from './step-line';
import { unwrittenFiles } from './unwritten-files';

type ToolItem = Extract<ChatItem, { type: 'tool' }>;
export type StepItem = ToolItem | Extract<ChatItem, { type: 'hook' }>;

function Step({ step }: { step: StepItem }) {
  return step.type === 'hook' ? <HookStepLine step={step} /> : <StepLine step={step} />;
}

/** A step the person should look at: a tool that did not do its work, a hook that failed. */
function isProblem(step: StepItem): boolean {
  if (step.type === 'hook') return hookRunIsProblem(step.run);
  // A change sent back to Claude before the person saw it is a step of the work, and a reject
  // the person chose is their decision: neither is a problem.
  return (
    step.status !== 'ok' && step.shownAs === undefined && personDecision(step)?.kind !== 'rejected'
  );
}

export function StepGroup({ steps, live }: { steps: StepItem[]; live: boolean }) {
  const [expanded, setExpanded] = useState(false);
  if (live) {
    return (
      <ul className="steps" aria-label="Steps">
        {steps.map((step) => (
          <Step key={step.id} step={step} />
        ))}
      </ul>
    );
  }
  const problems = steps.filter(isProblem).length;
  const unwritten = unwrittenFiles(steps.filter((step): step is ToolItem => step.type === 'tool'));
  return (
    <div className="steps-done">
      <button
        type="button"
        data-testid="steps-summary"
        className="steps-summary"
        aria-expanded={expanded}
        onClick={() => setExpanded((v) => !v)}
      >
        <span className="steps-chevron" aria-hidden="true">
          {expanded ? '▾' : '▸'}
        </span>
        <span>Done ({plural(steps.length, 'step')})</span>
        {problems > 0 && <span className="steps-problems">{plural(problems, 'problem')}</span>}
      </button>
      {unwritten.length > 0 && (
        <ul
          className="steps-unwritten"
          aria-label="Not written or not run"
          data-testid="steps-unwritten"
        >
          {unwritten.map((file) => (
            <li key={file.stepId} className={`status-${file.status}`} data-status={file.status}>
              {file.text}
            </li>
          ))}
        </ul>
      )}
      {expanded && (
        <ul className="steps" aria-label="Steps">
          {steps.map((step) => (
            <Step key={step.id} step={step} />
          ))}
        </ul>
      )}
    </div>
  );
}
