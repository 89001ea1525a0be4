// One hook in Settings → Hooks: whose it is, its event, matcher and timeout, its command as
// written, and a project hook's trust. A project hook not approved as it is opens a review that
// shows exactly what will run before "Approve exactly this"; the person's own hooks can be
// removed (a project's is removed from its file).
import { useState } from 'react';
import type { HookDefinition } from '../../../shared/hooks';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { matcherWords, shortHookId, trustWords, whoseWords } from './hook-words';

export interface HookEntryProps {
  hook: HookDefinition;
  onApprove(hook: HookDefinition): Promise<boolean>;
  onRemove(hook: HookDefinition): void;
}

export function HookEntry({ hook, onApprove, onRemove }: HookEntryProps) {
  const [reviewing, setReviewing] = useState(false);
  const trust = trustWords(hook);
  const needsApproval = hook.source === 'project' && hook.trust !== 'approved';
  const command = visibleUntrusted(hook.command);
  const matcher = matcherWords({
    ...hook,
    matcher: hook.matcher && visibleUntrusted(hook.matcher),
  });
  const titleId = `hook-${hook.id}-title`;
  return (
    <li
      className="hook-entry"
      aria-labelledby={titleId}
      data-testid={`hook-${shortHookId(hook.id)}`}
    >
      <p className="hook-head" id={titleId}>
        <strong>{hook.event}</strong>
        <span className="badge">{whoseWords(hook)}</span>
        {matcher && <span className="muted small-text">{matcher}</span>}
        <span className="muted small-text">timeout {hook.timeoutSeconds} s</span>
        <span className="muted small-text">id {shortHookId(hook.id)}</span>
      </p>
      <pre className="hook-command" aria-label="Command">
        {command}
      </pre>
      {trust && (
        <p className={needsApproval ? 'hook-trust warning' : 'hook-trust small-text muted'}>
          {trust}
        </p>
      )}
      {reviewing ? (
        <div className="hook-approve" role="group" aria-label="Approve this project hook">
          <p>
            Approve this {hook.event} hook exactly as shown? It runs, confined to the project, on
            every matching event; a change to it asks again. It will run:
          </p>
          <pre className="hook-command">{command}</pre>
          <div className="button-row">
            <button
              type="button"
              className="button small primary"
              onClick={() => void onApprove(hook).then((done) => done && setReviewing(false))}
            >
              Approve exactly this
            </button>
            <button type="button" className="button small" onClick={() => setReviewing(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          {needsApproval && (
            <button
              type="button"
              className="button small"
              aria-label={`Review and approve ${hook.event} hook ${command}`}
              onClick={() => setReviewing(true)}
            >
              Review and approve
            </button>
          )}
          {hook.source === 'person' && (
            <button
              type="button"
              className="button small"
              aria-label={`Remove ${hook.event} hook ${command}`}
              onClick={() => onRemove(hook)}
            >
              Remove
            </button>
          )}
        </div>
      )}
    </li>
  );
}
