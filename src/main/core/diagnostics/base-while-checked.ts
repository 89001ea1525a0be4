// A change's base as its check found it: each changed file's bytes on disk when the check
// began. A checker reads the disk side when it gets to it, and a cold one may get to it after
// the change was written (approved past the deadline, or `--yes`): its "before" is then the
// written text and every error the change introduces reads as already there ("no new errors").
// So when a changed file is no longer its base once the checker answers, and the checker did
// not answer its changed files before that (by then its disk side is read: language-checker.ts),
// that answer is not kept. Where the disk now holds exactly the proposed texts, the checker is
// asked the other way round (the base as the proposal, the written text as the disk) and the
// two sides of its answer are swapped; otherwise the language says why it was not checked.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ABSENT_FILE_HASH } from '../workspace/content-hash';
import type { ProposedFileChange } from './diagnostics-port';
import type { ChangedFilesOutcome, LanguageChecker, LanguageOutcome } from './language-checker';

export interface ChangeBase {
  /** sha256 of the bytes, or ABSENT_FILE_HASH. */
  readonly hash: string;
  /** The bytes, or null when the file was absent. */
  readonly bytes: Buffer | null;
}

const BOM = '\uFEFF';

function readAt(root: string, relative: string): ChangeBase {
  try {
    const bytes = readFileSync(path.join(root, ...relative.split('/')));
    return { hash: createHash('sha256').update(bytes).digest('hex'), bytes };
  } catch {
    return { hash: ABSENT_FILE_HASH, bytes: null };
  }
}

/** The changed files' bytes now, by project-relative path. */
export function readBases(
  root: string,
  changes: readonly ProposedFileChange[],
): Map<string, ChangeBase> {
  return new Map(changes.map((change) => [change.path, readAt(root, change.path)]));
}

/** The files read `now` whose bytes are not those of their base. */
function movedIn(
  now: ReadonlyMap<string, ChangeBase>,
  bases: ReadonlyMap<string, ChangeBase>,
): string[] {
  return [...now]
    .filter(([file, read]) => {
      const base = bases.get(file);
      return base !== undefined && read.hash !== base.hash;
    })
    .map(([file]) => file);
}

/** The changed files whose bytes on disk are no longer those of `bases`. */
function movedFiles(
  root: string,
  changes: readonly ProposedFileChange[],
  bases: ReadonlyMap<string, ChangeBase>,
): string[] {
  return movedIn(readBases(root, changes), bases);
}

/** A checker's text of bytes: UTF-8 without its byte order mark. */
function textOf(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.startsWith(BOM) ? text.slice(1) : text;
}

function namesOf(paths: readonly string[]): string {
  return paths.length === 1 ? (paths[0] ?? '') : `${paths.length} of the changed files`;
}

/** Said when the disk moved under a check and its errors before the change are not known. */
function movedReason(paths: readonly string[]): string {
  return `${namesOf(paths)} changed on disk while the check ran (written, or edited elsewhere), so the errors before the change are not known`;
}

export interface BaseOfCheck {
  readonly root: string;
  /** The changes this checker checks. */
  readonly group: readonly ProposedFileChange[];
  readonly bases: ReadonlyMap<string, ChangeBase>;
}

/**
 * `checker.check` of `group`, held to the bases the check began with: its changed files'
 * answer is passed on only when no changed file had moved by then; its final answer as given
 * when none moved, or the checker had answered its changed files before; else asked again.
 */
export async function checkAgainstBase(
  checker: LanguageChecker,
  base: BaseOfCheck,
  onChangedFiles: (outcome: ChangedFilesOutcome) => void,
  options: {
    readonly signal: AbortSignal;
    readonly ceilingMs: number | undefined;
    /** The run was stopped at the ceiling: its answer is not used. */
    readonly stopped: () => boolean;
  },
): Promise<LanguageOutcome> {
  let read = false;
  const { signal, ceilingMs } = options;
  const outcome = await checker.check(base.group, signal, ceilingMs, (early) => {
    if (movedFiles(base.root, base.group, base.bases).length) return;
    read = true;
    onChangedFiles(early);
  });
  return options.stopped()
    ? outcome
    : answerAgainstBase(checker, { ...base, read }, outcome, options);
}

/**
 * The checker's answer about `changes` against their bases: as given when no changed file
 * moved; else, when the disk holds the proposed texts, the reversed check's sides swapped.
 */
async function answerAgainstBase(
  checker: LanguageChecker,
  check: BaseOfCheck & {
    /** The checker answered its changed files before any of them moved. */
    readonly read: boolean;
  },
  outcome: LanguageOutcome,
  options: { readonly signal: AbortSignal; readonly ceilingMs: number | undefined },
): Promise<LanguageOutcome> {
  const { root, group: changes, bases } = check;
  const { signal, ceilingMs } = options;
  if (check.read || outcome.state === 'not_checked') return outcome;
  const now = readBases(root, changes);
  const moved = movedIn(now, bases);
  if (!moved.length) return outcome;
  const notKnown = (): LanguageOutcome => ({
    state: 'not_checked',
    reason: movedReason(moved),
    filesChecked: 0,
    ...(outcome.checker ? { checker: outcome.checker } : {}),
  });
  const written = changes.every((change) => {
    const bytes = now.get(change.path)?.bytes ?? null;
    return change.after === null
      ? bytes === null
      : bytes !== null && textOf(bytes) === change.after;
  });
  if (!written || signal.aborted) return notKnown();
  const reversed = await checker.check(
    changes.map((change) => {
      const bytes = bases.get(change.path)?.bytes ?? null;
      return { path: change.path, after: bytes === null ? null : textOf(bytes) };
    }),
    signal,
    ceilingMs,
  );
  if (reversed.state === 'not_checked') return reversed;
  if (movedFiles(root, changes, now).length) return notKnown();
  return { ...reversed, before: reversed.after, after: reversed.before };
}
