// The evidence of what a person is about to write when it is not the proposal as first shown:
// some hunks, some lines, their own edited text. The text is checked as the proposal was
// (errors against the disk, then the tests it affects and the person's hooks, which see exactly
// this text in their copy), the changed files answering first.
// A text already checked is answered from memory; a newer selection of the same review
// cancels the older one's check, unless another asker still holds it (the text a decision
// wrote, waited for to be kept with the checkpoint). Each update goes to whoever asked, until
// it is complete.
// A text whose changed file was checked ahead (likely-selections.ts, while the person read the
// diff) answers that part at once; the rest (importers, tests, hooks) starts when it is asked.
import { isCompleteEvidence, type ProposalEvidence } from '../../../shared/diagnostics';
import type { TestVerdict } from '../../../shared/test-verdict';
import type { ProjectDiagnostics } from '../diagnostics/project-diagnostics';
import type { ProjectTests } from '../test-runs/project-tests';
import type { HooksEvidence } from '../../../shared/hooks-evidence';
import type { ProposalHooks } from '../hooks/proposal-hooks';
import { sha256 } from '../workspace/content-hash';
import { CHANGED_FILES_FIRST_MS } from './live-evidence';
import { NO_CHECKER_REASON } from './files-evidence';

/** One text to check: what a decision would write to `path`. */
export interface SelectionTarget {
  /** Identity of the review (an approval id, a change set and file): a newer check replaces. */
  readonly key: string;
  readonly path: string;
  /** The text it is made on; null: a new file. */
  readonly before: string | null;
  readonly baseHash: string;
  readonly text: string;
}

export interface SelectionUpdate {
  readonly evidence: ProposalEvidence;
  /** Every part is in: no error check or test run is still going. */
  readonly complete: boolean;
  /** The changed file's errors are in (the importers and the tests may still be going). */
  readonly changedFile: boolean;
}

export interface SelectionEvidenceDeps {
  readonly diagnostics?: ProjectDiagnostics | undefined;
  readonly tests?: ProjectTests | undefined;
  readonly hooks?: ProposalHooks | undefined;
  readonly now?: () => number;
}

/** How many checked texts are remembered, and for how long (other files may change). */
const REMEMBERED = 32;
const REMEMBERED_MS = 120_000;

/** A text's changed-file errors, checked before anyone asked for that text. */
interface Ahead {
  readonly evidence: ProposalEvidence;
  readonly at: number;
}

/** What a text checked ahead is known by: its file, the text it is made on, and itself. */
export type AheadText = Pick<SelectionTarget, 'path' | 'before' | 'text'>;

interface Entry {
  latest: SelectionUpdate;
  readonly listeners: Set<(update: SelectionUpdate) => void>;
  readonly complete: Promise<SelectionUpdate>;
  readonly controller: AbortController;
  readonly startedAt: number;
}

/** Names a text on its base: the same text on the same base is the same check. */
function textHashOf(target: Omit<SelectionTarget, 'key'>): string {
  return sha256(`${target.path}\0${target.baseHash}\0${target.text}`);
}

/**
 * Names a text checked ahead. Not by the base hash: a screen holding only the request (the
 * terminal's review) names its base by the proposal hash, and both must find the same text.
 */
function aheadHashOf(target: AheadText): string {
  const base = target.before === null ? 'new file' : `on\0${target.before}`;
  return sha256(`${target.path}\0${base}\0${target.text}`);
}

/** The changed file is checked, or every file is (the importers' errors are in too). */
function holdsChangedFile(evidence: ProposalEvidence): boolean {
  return evidence.state === 'checking' || evidence.state === 'checked';
}

function startingEvidence(target: SelectionTarget, now: number): ProposalEvidence {
  return {
    state: 'checking',
    ms: 0,
    introduced: [],
    fixed: [],
    languages: [],
    checkedAt: new Date(now).toISOString(),
    baseHashes: { [target.path]: target.baseHash },
  };
}

export class SelectionEvidence {
  private readonly entries = new Map<string, Entry>();
  private readonly ahead = new Map<string, Ahead>();
  /** The text each review is checking now. */
  private readonly current = new Map<string, string>();
  private readonly now: () => number;

  constructor(private readonly deps: SelectionEvidenceDeps) {
    this.now = deps.now ?? (() => Date.now());
  }

  /** Whether anything can be checked in this project (a checker, a test runner, a hook). */
  get checks(): boolean {
    return (
      this.deps.diagnostics !== undefined ||
      this.deps.tests !== undefined ||
      this.deps.hooks !== undefined
    );
  }

  /**
   * Checks the target's text (or finds it checked); `onUpdate` hears the state now and every
   * later part. The promise settles with the complete evidence, or the last before a cancel.
   */
  check(
    target: SelectionTarget,
    onUpdate?: (update: SelectionUpdate) => void,
  ): { readonly textHash: string; readonly complete: Promise<SelectionUpdate> } {
    const textHash = textHashOf(target);
    const previous = this.current.get(target.key);
    this.current.set(target.key, textHash);
    if (previous && previous !== textHash) this.release(previous);
    let entry = this.fresh(textHash);
    if (!entry) {
      entry = this.start(target);
      this.remember(textHash, entry);
    }
    if (onUpdate) {
      onUpdate(entry.latest);
      if (!entry.latest.complete) entry.listeners.add(onUpdate);
    }
    return { textHash, complete: entry.complete };
  }

  /** Whether this text's check is remembered (finished or running), without starting one. */
  knows(target: Omit<SelectionTarget, 'key'>): boolean {
    return this.fresh(textHashOf(target)) !== undefined;
  }

  /**
   * Keeps a text's changed-file errors checked before anyone asked for it (evidence that holds
   * the changed file: `checking` or `checked`); a later check of the text answers with them.
   */
  checkedAhead(target: AheadText, evidence: ProposalEvidence): void {
    if (!holdsChangedFile(evidence)) return;
    const hash = aheadHashOf(target);
    this.ahead.delete(hash);
    this.ahead.set(hash, { evidence, at: this.now() });
    while (this.ahead.size > REMEMBERED) {
      const oldest = this.ahead.keys().next().value;
      if (oldest === undefined) break;
      this.ahead.delete(oldest);
    }
  }

  /** A text's changed-file errors checked ahead, while still remembered. */
  aheadOf(target: AheadText): ProposalEvidence | undefined {
    const hash = aheadHashOf(target);
    const found = this.ahead.get(hash);
    if (!found) return undefined;
    if (this.now() - found.at <= REMEMBERED_MS) return found.evidence;
    this.ahead.delete(hash);
    return undefined;
  }

  /** The review closed: its check stops, unless another asker holds the same text. */
  forget(key: string): void {
    const hash = this.current.get(key);
    this.current.delete(key);
    if (hash) this.release(hash);
  }

  dispose(): void {
    this.current.clear();
    this.ahead.clear();
    for (const hash of [...this.entries.keys()]) this.cancelEntry(hash);
  }

  /** A check no asker holds any more stops. */
  private release(textHash: string): void {
    for (const held of this.current.values()) if (held === textHash) return;
    this.cancelEntry(textHash);
  }

  private fresh(textHash: string): Entry | undefined {
    const entry = this.entries.get(textHash);
    if (!entry) return undefined;
    if (this.now() - entry.startedAt > REMEMBERED_MS || entry.controller.signal.aborted) {
      this.entries.delete(textHash);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(textHash);
    this.entries.set(textHash, entry);
    return entry;
  }

  private remember(textHash: string, entry: Entry): void {
    this.entries.set(textHash, entry);
    while (this.entries.size > REMEMBERED) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.cancelEntry(oldest);
    }
  }

  /** An unfinished check stops; a finished one stays remembered. */
  private cancelEntry(textHash: string): void {
    const entry = this.entries.get(textHash);
    if (!entry) return;
    if (entry.latest.complete && this.entries.size <= REMEMBERED) return;
    entry.controller.abort();
    entry.listeners.clear();
    this.entries.delete(textHash);
  }

  private start(target: SelectionTarget): Entry {
    const controller = new AbortController();
    let settle: (update: SelectionUpdate) => void = () => undefined;
    const complete = new Promise<SelectionUpdate>((resolve) => {
      settle = resolve;
    });
    const entry: Entry = {
      latest: {
        evidence: startingEvidence(target, this.now()),
        complete: false,
        changedFile: false,
      },
      listeners: new Set(),
      complete,
      controller,
      startedAt: this.now(),
    };
    let errors: ProposalEvidence | null = null;
    let tests: TestVerdict | null | undefined;
    let hooks: HooksEvidence | null | undefined;
    const publish = (): void => {
      if (controller.signal.aborted) return;
      const base = errors ?? entry.latest.evidence;
      const evidence: ProposalEvidence = {
        ...base,
        baseHashes: { [target.path]: target.baseHash },
        ...(tests ? { tests } : {}),
        ...(hooks ? { hooks } : {}),
      };
      const done =
        errors !== null &&
        tests !== undefined &&
        hooks !== undefined &&
        isCompleteEvidence(evidence);
      entry.latest = { evidence, complete: done, changedFile: errors !== null };
      for (const listener of entry.listeners) listener(entry.latest);
      if (done) {
        entry.listeners.clear();
        settle(entry.latest);
      }
    };
    controller.signal.addEventListener('abort', () => settle(entry.latest), { once: true });
    const ahead = this.aheadOf(target);
    if (ahead) {
      errors = ahead;
      publish();
    }
    // Checked ahead with its importers: nothing is left to check for errors.
    if (ahead?.state !== 'checked')
      void this.checkErrors(target, controller.signal, ahead !== undefined, (evidence) => {
        errors = evidence;
        publish();
      });
    void this.runTests(target, controller.signal, (verdict) => {
      tests = verdict;
      publish();
    });
    void this.runHooks(target, controller.signal, (part) => {
      hooks = part;
      publish();
    });
    return entry;
  }

  /** `ahead`: the changed file's errors are shown already; a first answer without them waits. */
  private async checkErrors(
    target: SelectionTarget,
    signal: AbortSignal,
    ahead: boolean,
    update: (evidence: ProposalEvidence) => void,
  ): Promise<void> {
    const { diagnostics } = this.deps;
    if (!diagnostics) {
      update({
        ...startingEvidence(target, this.now()),
        state: 'not_checked',
        reason: NO_CHECKER_REASON,
      });
      return;
    }
    const first = await diagnostics.checkChange([{ path: target.path, after: target.text }], {
      deadlineMs: diagnostics.liveDeadlineMs(),
      changedFilesFirstAfterMs: CHANGED_FILES_FIRST_MS,
      signal,
      onLateProgress: update,
      onLateResult: update,
    });
    if (!(ahead && first.state === 'timed_out')) update(first);
  }

  private async runTests(
    target: SelectionTarget,
    signal: AbortSignal,
    update: (verdict: TestVerdict | null) => void,
  ): Promise<void> {
    const { tests } = this.deps;
    if (!tests) {
      update(null);
      return;
    }
    const verdict = await tests.verdict({
      changes: [{ path: target.path, after: target.text, before: target.before }],
      key: `selection\0${target.key}`,
      deadlineMs: tests.liveDeadlineMs(),
      signal,
      onLateResult: update,
    });
    update(verdict);
  }

  /** The person's hooks on the text a decision would write: what they see is this text. */
  private async runHooks(
    target: SelectionTarget,
    signal: AbortSignal,
    update: (part: HooksEvidence | null) => void,
  ): Promise<void> {
    const { hooks } = this.deps;
    if (!hooks) {
      update(null);
      return;
    }
    const part = await hooks.check({
      files: [{ path: target.path, text: target.text, isNewFile: target.before === null }],
      key: `selection\0${target.key}`,
      deadlineMs: hooks.liveDeadlineMs(),
      signal,
      onLateResult: update,
    });
    update(part);
  }
}
