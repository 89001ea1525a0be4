// One change set opened from the inbox: summary, the agent's steps, every file's diff with
// per-hunk selection, and the actions: Accept all, Accept selected, Refine (continues the
// set's conversation; the result supersedes this set), Reject with a reason. After an apply
// each written file can be undone from here. The set's evidence (the errors it introduces and
// fixes) shows above the files, re-checked on open when main can.
import { useEffect, useState } from 'react';
import type { ApplyResult, ChangeSetSelection, ChangeSetView } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { useResolvedTheme } from '../app/theme';
import { EvidencePanel } from '../review/evidence-panel';
import { ChangeSetEvidence } from './change-set-evidence';
import { ChangeSetFileView } from './change-set-file';
import { fileStateWords, statusWords } from './change-set-words';
import { InboxField } from './inbox-field';
import { latestEvidence, useRecheckOnOpen } from './use-recheck-on-open';

interface Props {
  id: string;
  /** Changes whenever the inbox reloads, so the open set follows too. */
  version: number;
  onRefined(changeSetId: string): void;
  /** Shows the set's conversation in the chat (where a Refine streams live). */
  onOpenConversation?(conversationId: string): void;
}

type Selected = Record<string, string[]>;

function allSelected(view: ChangeSetView): Selected {
  const out: Selected = {};
  for (const file of view.files)
    if (!file.protectedPath) out[file.path] = file.hunks.map((h) => h.id);
  return out;
}

export function selectionOf(view: ChangeSetView, selected: Selected): ChangeSetSelection {
  const files: string[] = [];
  const hunks: Record<string, string[]> = {};
  for (const file of view.files) {
    const ids = selected[file.path] ?? [];
    if (!ids.length) continue;
    if (ids.length === file.hunks.length) files.push(file.path);
    else hunks[file.path] = file.hunks.map((h) => h.id).filter((id) => ids.includes(id));
  }
  return { files, hunks };
}

export function ChangeSetDetail({ id, version, onRefined, onOpenConversation }: Props) {
  const client = useClient();
  const dark = useResolvedTheme() === 'dark';
  const [view, setView] = useState<ChangeSetView | null>(null);
  const [selected, setSelected] = useState<Selected>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ApplyResult | null>(null);
  const [reason, setReason] = useState('');
  const [refineText, setRefineText] = useState('');
  /** Bumped after an undo or a re-check, so the set is read again (undone files, new evidence). */
  const [reload, setReload] = useState(0);
  const recheck = useRecheckOnOpen(client, view?.id === id ? view : null, () =>
    setReload((n) => n + 1),
  );

  useEffect(() => {
    let live = true;
    client.proposals.get({ id }).then(
      (loaded) => {
        if (!live) return;
        setView((previous) => {
          if (previous?.id !== loaded.id || previous.status !== loaded.status)
            setSelected(allSelected(loaded));
          return loaded;
        });
      },
      (failure: unknown) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [client, id, version, reload]);

  if (error && !view) return <p className="error-text">{error}</p>;
  if (!view) return <p className="muted">Loading…</p>;
  const reviewable = view.status === 'proposed';
  const evidence = latestEvidence(view.evidence, recheck.evidence);

  const act = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await what();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const toggle = (path: string, hunkId: string) =>
    setSelected((current) => {
      const ids = current[path] ?? [];
      return {
        ...current,
        [path]: ids.includes(hunkId) ? ids.filter((x) => x !== hunkId) : [...ids, hunkId],
      };
    });
  const reasonField = reason.trim() ? { reason: reason.trim() } : {};
  // Accept is bound to the version on the screen: a set an MCP client changed since is refused.
  const seen = view.revision ? { seenRevision: view.revision } : {};
  /** Accept all, accept selected, reject: each answers with the set's result, shown below. */
  const decide = (send: () => Promise<ApplyResult>) =>
    void act(async () => setResult(await send()));

  return (
    <article className="inbox-detail" data-testid="change-set-detail" aria-label="Change set">
      <header className="inbox-detail-header">
        <h2>{view.prompt}</h2>
        <p>
          <span className="tag" data-testid="change-set-status">
            {statusWords(view.status)}
          </span>{' '}
          {view.statusReason && <span className="muted">{view.statusReason}</span>}
          {view.status === 'running' && (
            <button
              type="button"
              className="button small danger"
              data-testid="stop-run"
              disabled={busy}
              onClick={() => void act(async () => void (await client.proposals.stop({ id })))}
            >
              Stop
            </button>
          )}
        </p>
        {view.undone.length > 0 && (
          <p data-testid="change-set-undone">
            Since undone, back as they were before this set: {view.undone.join(', ')}.
          </p>
        )}
        {view.needsRecheck && <p className="warn-text">Needs a re-check: {view.needsRecheck}</p>}
        {view.summary && <p className="inbox-summary">{view.summary}</p>}
        {view.conversationId && onOpenConversation && (
          <button
            type="button"
            className="button small"
            data-testid="open-conversation"
            onClick={() => onOpenConversation(view.conversationId as string)}
          >
            Open the conversation
          </button>
        )}
        <p className="muted">
          {view.usage.inputTokens} input / {view.usage.outputTokens} output tokens, about $
          {view.usage.costUsd.toFixed(4)}
        </p>
      </header>
      {view.steps.length > 0 && (
        <details className="inbox-steps">
          <summary>Steps ({view.steps.filter((s) => s.type === 'tool').length})</summary>
          <ol>
            {view.steps.map((step) =>
              step.type === 'tool' ? (
                <li key={step.id}>
                  {step.status === 'ok' ? '✓' : '✗'} {step.label}
                </li>
              ) : step.type === 'error' ? (
                <li key={step.id} className="error-text">
                  {step.message}
                </li>
              ) : null,
            )}
          </ol>
        </details>
      )}
      {evidence ? (
        <EvidencePanel
          evidence={evidence}
          proposedTexts={Object.fromEntries(view.files.map((file) => [file.path, file.finalText]))}
          notice={recheck.notice}
        />
      ) : (
        recheck.notice && (
          <p className="muted" role="status" data-testid="evidence-notice">
            {recheck.notice}
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
          onToggle={(hunkId) => toggle(file.path, hunkId)}
        />
      ))}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {reviewable && view.changedOnDisk.length > 0 && (
        <p className="warn-text" id="changed-on-disk" data-testid="changed-on-disk">
          Changed on disk since this set was made, so accepting will not write{' '}
          {view.changedOnDisk.length === 1 ? 'it' : 'them'} (a conflict):{' '}
          {view.changedOnDisk.join(', ')}. The other files can still be accepted; to keep these
          changes, Refine the set so it starts again from the files as they are now.
        </p>
      )}
      {reviewable && (
        <div className="inbox-actions">
          <button
            type="button"
            className="button primary"
            disabled={busy}
            data-testid="accept-all"
            aria-describedby={view.changedOnDisk.length ? 'changed-on-disk' : undefined}
            onClick={() => decide(() => client.proposals.apply({ id, ...reasonField, ...seen }))}
          >
            Accept all
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            data-testid="accept-selected"
            onClick={() =>
              decide(() =>
                client.proposals.apply({
                  id,
                  selection: selectionOf(view, selected),
                  ...reasonField,
                  ...seen,
                }),
              )
            }
          >
            Accept selected
          </button>
          <InboxField
            label="Reason (for what is rejected)"
            value={reason}
            testId="reject-reason"
            onChange={setReason}
          />
          <button
            type="button"
            className="button danger"
            disabled={busy}
            data-testid="reject-set"
            onClick={() => decide(() => client.proposals.reject({ id, ...reasonField }))}
          >
            Reject
          </button>
          <InboxField
            label="Refine: what should change?"
            value={refineText}
            testId="refine-text"
            onChange={setRefineText}
          />
          <button
            type="button"
            className="button"
            disabled={busy || !refineText.trim()}
            data-testid="refine-set"
            onClick={() =>
              void act(async () => {
                const started = await client.proposals.refine({ id, text: refineText.trim() });
                setRefineText('');
                onRefined(started.changeSetId);
              })
            }
          >
            Refine
          </button>
        </div>
      )}
      {result && (
        <section className="inbox-result" data-testid="apply-result" aria-label="Result">
          <p>Change set is now {statusWords(result.status)}.</p>
          <ul className="inbox-result-files">
            {result.files.map((file) => {
              const isUndone = view.undone.includes(file.path);
              return (
                <li key={file.path}>
                  <span>
                    {file.path}: {fileStateWords(file.state)}
                    {file.note ? ` (${file.note})` : ''}
                    {isUndone && ', then undone: it is back as it was before this set'}
                  </span>
                  {file.checkpointId && !isUndone && (
                    <button
                      type="button"
                      className="button small"
                      data-testid="undo-applied"
                      aria-label={`Undo ${file.path}`}
                      disabled={busy}
                      onClick={() =>
                        void act(async () => {
                          const undo = await client.checkpoints.undo({
                            id: file.checkpointId as string,
                            force: false,
                          });
                          if (undo.refused.length)
                            throw new Error(undo.refused.map((r) => r.reason).join('; '));
                          setReload((n) => n + 1);
                        })
                      }
                    >
                      Undo
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {result.recheck.length > 0 && (
            <p className="warn-text">
              {result.recheck.length} other change set(s) touch the same files and need a re-check.
            </p>
          )}
        </section>
      )}
    </article>
  );
}
