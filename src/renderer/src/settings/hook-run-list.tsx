// Runs of hooks in Settings → Hooks (a test's, or the latest ones), each read as the step list
// reads it (shared/hook-words.ts): whose hook, the event and tool, the command, what came of it
// with its exit code, how long it took, then its first lines; the latest runs also say when.
// The hook's output is outside text: shown with its control characters visible, never obeyed.
import type { HookRun } from '../../../shared/hooks';
import { hookStepWords } from '../../../shared/hook-words';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { shortHookId } from './hook-words';

export type ShownRun = HookRun & { readonly at?: string };

export function HookRunList({ runs, label }: { runs: readonly ShownRun[]; label: string }) {
  return (
    <ul className="hook-runs" aria-label={label}>
      {runs.map((run, index) => {
        const words = hookStepWords(run);
        return (
          <li
            key={`${run.hookId}-${run.at ?? ''}-${index}`}
            className="hook-run"
            data-outcome={run.outcome}
          >
            <div className="hook-run-line">
              <span className={`step-icon status-${words.tone}`} aria-hidden="true">
                {words.icon}
              </span>
              <div>
                <p>{visibleUntrusted(words.line)}</p>
                <p className="muted small-text">
                  hook {shortHookId(run.hookId)}
                  {run.at && (
                    <>
                      {' · '}
                      <time dateTime={run.at}>{new Date(run.at).toLocaleString()}</time>
                    </>
                  )}
                </p>
              </div>
            </div>
            {words.lines.length > 0 && (
              <pre className="step-pre hook-run-output" aria-label="What the hook printed">
                {visibleUntrusted(words.lines.join('\n'))}
              </pre>
            )}
          </li>
        );
      })}
    </ul>
  );
}
