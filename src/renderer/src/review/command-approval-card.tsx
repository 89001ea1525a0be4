// The approval card for run_command: what will run (the command, the folder), with what reach
// (sandboxed or not, network off / only these hosts / full, timeout) and why, in the model's
// words. Decisions: run once, always allow the suggested prefixes, edit the command, reject with
// a reason; a run may carry the person's network choice for this run only.
import { useState } from 'react';
import type { CommandDecision } from '../../../shared/command-approvals';
import type { PendingCommand } from './use-command-approvals';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { CommandWrites } from './command-writes';
import { ReviewDialog, rejectDecision, useReviewModes } from './review-dialog';
import {
  NetworkChoice,
  NetworkState,
  grantOf,
  initialNetworkChoice,
  type NetworkChoiceState,
} from './network-choice';

interface Props {
  item: PendingCommand;
  error: string | null;
  onDecide(decision: CommandDecision): Promise<void>;
}

export function CommandApprovalCard({ item, error, onDecide }: Props) {
  const { request } = item;
  const client = useClient();
  const [ruleError, setRuleError] = useState<string | null>(null);
  const modes = useReviewModes();
  const { mode, setMode } = modes;
  const [command, setCommand] = useState(request.command);
  const [busy, setBusy] = useState(false);
  const [network, setNetwork] = useState<NetworkChoiceState>(() => initialNetworkChoice(request));
  const grant = grantOf(network);

  const send = (decision: CommandDecision) => {
    if (busy) return;
    // "only these hosts" with no host typed: nothing is sent until one is.
    if (decision.type !== 'reject' && grant === null) return;
    setBusy(true);
    const withNetwork: CommandDecision =
      decision.type !== 'reject' && grant ? { ...decision, network: grant } : decision;
    // "Also allow them for this project": the rule is saved first; if it cannot be, nothing runs.
    const remember =
      decision.type !== 'reject' && grant?.type === 'hosts' && network.remember
        ? client.approvals.addNetworkRule({ hosts: grant.hosts }).then(() => setRuleError(null))
        : Promise.resolve();
    void remember
      .then(
        () => onDecide(withNetwork),
        (failure: unknown) =>
          setRuleError(`Could not save the network rule: ${errorMessage(failure)}`),
      )
      .finally(() => setBusy(false));
  };
  const reject = () => send(rejectDecision(modes.reason));
  const runEdited = () => {
    const edited = command.trim();
    if (edited)
      send(edited === request.command ? { type: 'run_once' } : { type: 'edit', command: edited });
  };
  const prefixes = request.suggestedPrefixes.map((p) => p.join(' '));

  const footer = (
    <footer className="review-footer">
      <div className="button-row">
        {mode === 'edit' ? (
          <>
            <button
              type="button"
              className="button primary"
              disabled={busy || !command.trim() || grant === null}
              onClick={runEdited}
              data-testid="command-run-edited"
            >
              Run edited command
            </button>
            <button type="button" className="button" onClick={() => setMode('review')}>
              Back
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button primary"
              disabled={busy || grant === null}
              onClick={() => send({ type: 'run_once' })}
              title="Ctrl/Cmd+Enter"
              data-testid="command-run-once"
            >
              Run once
            </button>
            {prefixes.length > 0 && (
              <button
                type="button"
                className="button"
                disabled={busy || grant === null}
                onClick={() => send({ type: 'always_allow' })}
                title="From now on, in the sandbox, any command starting with these words runs without asking, whatever arguments follow. A script runner (npm test, make) runs whatever the project's files tell it to, and those files can be edited."
                data-testid="command-always"
              >
                Always allow {prefixes.map((p) => `"${p}"`).join(', ')}
              </button>
            )}
            <button
              type="button"
              className="button"
              onClick={() => setMode('edit')}
              data-testid="command-edit"
            >
              Edit
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => setMode('reject')}
              title="Esc"
              data-testid="command-reject"
            >
              Reject…
            </button>
          </>
        )}
      </div>
    </footer>
  );

  return (
    <ReviewDialog
      modes={modes}
      className="command-modal"
      titleId="command-title"
      testId="command-modal"
      submit={{ review: () => send({ type: 'run_once' }), edit: runEdited, reject }}
      error={ruleError ?? error}
      footer={mode !== 'reject' && footer}
    >
      <header className="review-header">
        <h2 id="command-title" className="review-title">
          Run a command
        </h2>
        {request.description && <p className="review-description">{request.description}</p>}
        <p className="review-reason muted">{request.reason}</p>
      </header>
      {mode === 'edit' ? (
        <label className="field">
          <span className="field-label">Command to run instead</span>
          <textarea
            className="input code"
            rows={3}
            value={command}
            aria-label="Command to run"
            onChange={(event) => setCommand(event.target.value)}
          />
        </label>
      ) : (
        <pre className="command-line" data-testid="command-line">
          <span aria-hidden="true">$ </span>
          {request.command}
        </pre>
      )}
      {request.proposedWrites?.length ? <CommandWrites writes={request.proposedWrites} /> : null}
      <dl className="command-facts">
        <dt>Folder</dt>
        <dd>
          <code>{request.cwd || '.'}</code>
        </dd>
        <dt>Sandbox</dt>
        <dd data-testid="command-sandbox">
          {request.sandboxed ? (
            <>
              <span className="badge">
                sandboxed{request.sandboxName ? ` (${request.sandboxName})` : ''}
              </span>{' '}
              {request.sandboxDetail}
            </>
          ) : (
            <>
              <span className="badge warning">not sandboxed</span> {request.sandboxDetail}: it runs
              with full access to your files and network
            </>
          )}
        </dd>
        <dt>Network</dt>
        <dd data-testid="command-network">
          <NetworkState request={request} />
        </dd>
        {request.sandboxed && (
          <>
            <dt>This run</dt>
            <dd>
              <NetworkChoice request={request} choice={network} onChange={setNetwork} />
            </dd>
          </>
        )}
        <dt>Timeout</dt>
        <dd>{request.timeoutSeconds} s</dd>
      </dl>
    </ReviewDialog>
  );
}
