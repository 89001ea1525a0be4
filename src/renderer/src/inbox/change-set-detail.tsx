// One change set opened from the inbox: summary, the agent's steps, every file's diff with
// per-hunk selection, and the actions: Accept all, Accept selected, Refine (continues the
// set's conversation; the result supersedes this set), Reject with a reason. After an apply
// each written file can be undone from here. The set's evidence (the errors it introduces and
// fixes) shows above the files, re-checked on open when main can.
import { useState } from 'react';
import type { ApplyResult } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { useResolvedTheme } from '../app/theme';
import { EvidencePanel } from '../review/evidence-panel';
import { useSetSelectionEvidence } from './use-set-selection-evidence';
import { ChangeSetActions } from './change-set-actions';
import { ChangeSetEvidence } from './change-set-evidence';
import { ChangeSetFileView } from './change-set-file';
import { ChangeSetHeader } from './change-set-header';
import { ChangeSetResult } from './change-set-result';
import { ChangeSetStepList } from './change-set-step-list';
import { useOpenChangeSet } from './use-open-change-set';
import { latestEvidence } from './use-recheck-on-open';

export { selectionOf } from './change-set-selection';

interface Props {
  id: string;
  /** Changes whenever the inbox reloads, so the open set follows too. */
  version: number;
  onRefined(changeSetId: string): void;
  /** Shows the set's conversation in the chat (where a Refine streams live). */
  onOpenConversation?(conversationId: string): void;
}

export function ChangeSetDetail({ id, version, onRefined, onOpenConversation }: Props) {
  const client = useClient();
  const dark = useResolvedTheme() === 'dark';
  const open = useOpenChangeSet(id, version);
  const { view, selected, error, busy, act, recheck } = open;
  const [result, setResult] = useState<ApplyResult | null>(null);
  const [reason, setReason] = useState('');
  const [refineText, setRefineText] = useState('');
  const picked = useSetSelectionEvidence(id, view, selected);

  if (error && !view) return <p className="error-text">{error}</p>;
  if (!view) return <p className="muted">Loading…</p>;
  const reviewable = view.status === 'proposed';
  const setEvidence = latestEvidence(view.evidence, recheck.evidence);
  // With hunks unticked, the evidence shown is that of exactly what would be written.
  const evidence = picked.active ? picked.evidence : setEvidence;
  // Accept selected writes the ticked hunks: their own check, or the whole set's when all are.
  const selectedCheck = picked.active
    ? { evidence: picked.evidence, pending: picked.checking, failed: picked.error !== null }
    : { evidence: setEvidence, pending: false };
  const notice = picked.active
    ? `${picked.scope ?? ''}${picked.checking ? ': checking…' : ''}${picked.error ? `: not checked (${picked.error})` : ''}`
    : recheck.notice;

  return (
    <article className="inbox-detail" data-testid="change-set-detail" aria-label="Change set">
      <ChangeSetHeader
        view={view}
        busy={busy}
        onStop={() => void act(async () => void (await client.proposals.stop({ id })))}
        onOpenConversation={onOpenConversation}
      />
      <ChangeSetStepList steps={view.steps} />
      {evidence ? (
        <EvidencePanel
          evidence={evidence}
          proposedTexts={Object.fromEntries(view.files.map((file) => [file.path, file.finalText]))}
          notice={notice}
        />
      ) : (
        notice && (
          <p className="muted" role="status" data-testid="evidence-notice">
            {notice}
          </p>
        )
      )}
      <ChangeSetEvidence view={view} />
      {view.files.length === 0 && <p className="muted">This run changed no file.</p>}
      {view.files.map((file) => (
        <ChangeSetFileView
          key={file.path}
          file={file}
          selectable={reviewable}
          selected={new Set(selected[file.path] ?? [])}
          dark={dark}
          introduced={evidence?.introduced ?? []}
          undone={view.undone.includes(file.path)}
          onToggle={(hunkId) => open.toggle(file.path, hunkId)}
        />
      ))}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {reviewable && (
        <ChangeSetActions
          id={id}
          view={view}
          selected={selected}
          selectedCheck={selectedCheck}
          busy={busy}
          drafts={{ reason, setReason, refineText, setRefineText }}
          act={act}
          onDecided={setResult}
          onRefined={onRefined}
        />
      )}
      {result && (
        <ChangeSetResult
          result={result}
          undone={view.undone}
          busy={busy}
          act={act}
          onUndone={open.reload}
        />
      )}
    </article>
  );
}
