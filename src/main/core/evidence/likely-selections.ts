// The selections a person is likely to make of a waiting proposal, checked while they read the
// diff, so that a change of ticks is answered from memory: each hunk alone and all hunks but
// one (for three hunks, every selection of whole hunks), at most LIKELY_TEXTS texts (singles
// first). A checker that must build a fresh program for every new text (TypeScript 7 on a large
// project: 50-330 ms per text) cannot answer a new text within a glance; a text checked ahead
// can be.
// Only the changed file's errors, the cheap part: the check stops at its first answer holding
// them, and no test runs, hook or importer walk is started for a text nobody chose. They are
// kept by the selection checks (selection-evidence.ts), where a real selection of the same text
// finds them and starts the rest.
// Giving way: one check ahead at a time, asked only when the checker has nothing else to do
// (the proposal's own check, its importers included; a real selection; any other check), so
// each of those goes before the checks still waiting here; one already with the checker may
// finish. The decision, or the end of the wait, stops what is left; a newer proposal under the
// same id replaces it.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { ProposalReading } from '../approvals/proposal-reading';
import type { ProjectDiagnostics } from '../diagnostics/project-diagnostics';
import { applySelectedHunks, type Proposal } from '../edits/proposal';
import type { AheadText, SelectionEvidence } from './selection-evidence';

/** The most texts checked ahead per proposal: every single hunk and every all-but-one to 8 hunks. */
export const LIKELY_TEXTS = 16;

export interface LikelySelectionsDeps {
  readonly selection: SelectionEvidence;
  readonly diagnostics?: ProjectDiagnostics | undefined;
}

interface Reading {
  readonly proposal: Proposal;
  /** The texts still to check, most likely first. */
  readonly texts: string[];
  /** Aborted when the wait ends: the check under way stops. */
  readonly stop: AbortController;
}

/** Whole-hunk selections, most likely first: each hunk alone, then all hunks but one. */
function* likelySelectors(ids: readonly string[]): Generator<string[]> {
  for (const id of ids) yield [id];
  for (const id of ids) yield ids.filter((other) => other !== id);
}

/**
 * The texts a decision on the likely selections would write, each once, without the proposal
 * itself and the disk's text; none for a proposal of fewer than two hunks.
 */
export function likelySelectionTexts(proposal: Proposal, limit = LIKELY_TEXTS): string[] {
  const ids = proposal.hunks.map((hunk) => hunk.id);
  if (ids.length < 2) return [];
  const seen = new Set<string>([proposal.before, proposal.after]);
  const texts: string[] = [];
  for (const selectors of likelySelectors(ids)) {
    if (texts.length >= limit) break;
    const text = applySelectedHunks(proposal, selectors);
    if (seen.has(text)) continue;
    seen.add(text);
    texts.push(text);
  }
  return texts;
}

/** The proposal's own check found the changed file checkable (or is still finding out). */
function checkable(evidence: ProposalEvidence | undefined): boolean {
  return evidence !== undefined && evidence.state !== 'not_checked';
}

export class LikelySelections implements ProposalReading {
  private readonly readings = new Map<string, Reading>();
  private pumping = false;
  private disposed = false;

  constructor(private readonly deps: LikelySelectionsDeps) {}

  waiting(approvalId: string, proposal: Proposal, evidence: ProposalEvidence | undefined): void {
    this.ended(approvalId);
    const { diagnostics } = this.deps;
    if (this.disposed || !diagnostics || !checkable(evidence)) return;
    const texts = likelySelectionTexts(proposal);
    if (!texts.length) return;
    this.readings.set(approvalId, { proposal, texts, stop: new AbortController() });
    void this.pump(diagnostics);
  }

  ended(approvalId: string): void {
    const reading = this.readings.get(approvalId);
    if (!reading) return;
    this.readings.delete(approvalId);
    reading.stop.abort();
  }

  dispose(): void {
    this.disposed = true;
    for (const approvalId of [...this.readings.keys()]) this.ended(approvalId);
  }

  private async pump(diagnostics: ProjectDiagnostics): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while ([...this.readings.values()].some((r) => r.texts.length > 0)) {
        // Whatever else is asked of the checker goes first; this asks only when it is idle.
        await diagnostics.idle();
        const next = this.next();
        if (!next) break;
        await this.checkAhead(diagnostics, next.reading, next.target);
      }
    } finally {
      this.pumping = false;
    }
  }

  /** The next text nobody has checked, of the reading that started waiting first. */
  private next(): { reading: Reading; target: AheadText } | null {
    const { selection } = this.deps;
    for (const reading of this.readings.values()) {
      const { proposal } = reading;
      for (let text = reading.texts.shift(); text !== undefined; text = reading.texts.shift()) {
        const target = {
          path: proposal.path,
          before: proposal.isNewFile ? null : proposal.before,
          text,
        };
        if (selection.aheadOf(target)) continue;
        if (selection.knows({ ...target, baseHash: proposal.baseHash })) continue;
        return { reading, target };
      }
    }
    return null;
  }

  private async checkAhead(
    diagnostics: ProjectDiagnostics,
    reading: Reading,
    target: AheadText,
  ): Promise<void> {
    // The importers are not wanted: the first answer holding the changed file ends the check.
    const done = new AbortController();
    const evidence = await diagnostics.checkChange([{ path: target.path, after: target.text }], {
      deadlineMs: diagnostics.liveDeadlineMs(),
      changedFilesFirstAfterMs: 0,
      signal: AbortSignal.any([reading.stop.signal, done.signal]),
    });
    done.abort();
    if (reading.stop.signal.aborted) return;
    if (evidence.state === 'checking' || evidence.state === 'checked') {
      this.deps.selection.checkedAhead(target, evidence);
      return;
    }
    // Not answered within the deadline, or not checked: the others would fare no better.
    reading.texts.length = 0;
  }
}
