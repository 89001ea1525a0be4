// The evidence of a selection of a change set (some files whole, some hunks of others), for
// exactly the texts it would write, against the disk as it is: what the inbox shows while the
// person ticks, and what `proposal apply --hunks` shows before it writes. A newer selection of
// the same set cancels the older one's check.
import type { ChangeSetSelection } from '../../../shared/change-sets';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { ProjectDiagnostics } from '../diagnostics/project-diagnostics';
import { computeLineDiff } from '../edits/bounded-line-diff';
import { applySelectedHunks, UnknownHunkError } from '../edits/proposal';
import { filesEvidence, type FileToCheck } from '../evidence/files-evidence';
import type { StoredChangeSet } from '../store/change-set-repository';
import type { ProjectTests } from '../test-runs/project-tests';
import type { ProposalHooks } from '../hooks/proposal-hooks';
import type { Workspace } from '../workspace/workspace';

/** The texts a selection of a set would write, per file; a file it cannot write is left out. */
export function selectionTexts(set: StoredChangeSet, selection: ChangeSetSelection): FileToCheck[] {
  const whole = new Set(selection.files ?? []);
  const out: FileToCheck[] = [];
  for (const file of set.files) {
    if (file.protectedPath) continue;
    const picks = selection.hunks?.[file.path];
    let text: string | null = whole.has(file.path) ? file.finalText : null;
    if (text === null && picks?.length) {
      const { hunks } = computeLineDiff(file.baseText, file.finalText);
      try {
        text = applySelectedHunks({ before: file.baseText, after: file.finalText, hunks }, picks);
      } catch (error) {
        if (!(error instanceof UnknownHunkError)) throw error;
      }
    }
    if (text !== null)
      out.push({
        path: file.path,
        text,
        baseHash: file.baseHash,
        baseText: file.isNewFile ? null : file.baseText,
      });
  }
  return out;
}

export interface SetChecks {
  readonly workspace: Workspace;
  readonly diagnostics?: ProjectDiagnostics | undefined;
  readonly tests?: ProjectTests | undefined;
  /** The person's hooks on write tools: they see exactly what the selection would write. */
  readonly hooks?: ProposalHooks | undefined;
}

const running = new Map<string, AbortController>();

/** The selection's evidence within the live deadlines; null when nothing would be written. */
export async function selectionEvidenceOfSet(
  checks: SetChecks,
  set: StoredChangeSet,
  selection: ChangeSetSelection,
  onLate: (evidence: ProposalEvidence) => void = () => undefined,
): Promise<ProposalEvidence | null> {
  const files = selectionTexts(set, selection);
  if (files.length === 0) return null;
  running.get(set.id)?.abort();
  const controller = new AbortController();
  running.set(set.id, controller);
  try {
    return await filesEvidence(files, {
      diagnostics: checks.diagnostics,
      tests: checks.tests,
      hooks: checks.hooks,
      against: { disk: checks.workspace },
      deadlineMs: checks.diagnostics?.liveDeadlineMs() ?? 3000,
      testKey: `selection\0${set.id}`,
      testDeadlineMs: checks.tests?.liveDeadlineMs() ?? checks.hooks?.liveDeadlineMs() ?? 30_000,
      signal: controller.signal,
      onLate: (late) => {
        if (!controller.signal.aborted) onLate(late);
      },
    });
  } finally {
    if (running.get(set.id) === controller) running.delete(set.id);
  }
}
