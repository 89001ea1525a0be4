// One hook run as a step: whose hook, the event, the command, what came of it and how long it
// took, then the first lines it printed (shared/hook-words.ts, as the terminal says it). The
// hook's output is outside text: React escapes it; it is shown, never obeyed.
import type { ChatItem } from './conversation-state';
import { hookStepWords } from '../../../shared/hook-words';

type HookItem = Extract<ChatItem, { type: 'hook' }>;

export function HookStepLine({ step }: { step: HookItem }) {
  const words = hookStepWords(step.run, step.message);
  return (
    <li
      className="step hook-step"
      data-status={words.tone}
      data-outcome={step.run.outcome}
      data-testid="hook-step"
    >
      <div className="step-line hook-step-line">
        <span className={`step-icon status-${words.tone}`} aria-hidden="true">
          {words.icon}
        </span>
        <span className="step-label">{words.line}</span>
      </div>
      {words.lines.length > 0 && (
        <pre className="step-pre hook-step-output" aria-label="What the hook printed">
          {words.lines.join('\n')}
        </pre>
      )}
    </li>
  );
}
