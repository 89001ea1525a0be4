// The approval card for run_command: what will run (the command, the folder), with what reach
// (sandboxed or not, network off / only these hosts / full, timeout) and why, in the model's
// words. Decisions: run once, always allow the suggested prefixes, edit the command, reject with
// a reason; a run may carry the person's network choice for this run only.
import { useState } from 'react';
import type { CommandDecision } from '../../../shared/command-approvals';
import type { PendingCommand } from './use-command-approvals';
import { CommandFacts } from './command-facts';
import { CommandFooter } from './command-footer';
import { useCommandSend } from './command-send';
import { CommandWrites } from './command-writes';
import { ReviewDialog, rejectDecision, useReviewModes } from './review-dialog';

interface Props {
  item: PendingCommand;
  error: string | null;
  onDecide(decision: CommandDecision): Promise<void>;
}

export function CommandApprovalCard({ item, error, onDecide }: Props) {
  const { request } = item;
  const modes = useReviewModes();
  const { mode } = modes;
  const [command, setCommand] = useState(request.command);
  const { network, setNetwork, grant, busy, ruleError, send } = useCommandSend(request, onDecide);

  const reject = () => send(rejectDecision(modes.reason));
  const runEdited = () => {
    const edited = command.trim();
    if (edited)
      send(edited === request.command ? { type: 'run_once' } : { type: 'edit', command: edited });
  };
  const prefixes = request.suggestedPrefixes.map((p) => p.join(' '));

  const footer = (
    <CommandFooter
      modes={modes}
      command={command}
      prefixes={prefixes}
      blocked={busy || grant === null}
      send={send}
      runEdited={runEdited}
    />
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
            ref={modes.editInput}
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
      <CommandFacts request={request} network={network} onNetwork={setNetwork} />
    </ReviewDialog>
  );
}
