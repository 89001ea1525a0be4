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

/** The changed files whose bytes on disk are no longer those of `bases`. */
export function movedFiles(
  root: string,
  changes: readonly ProposedFileChange[],
  bases: ReadonlyMap<string, ChangeBase>,
): string[] {
  return changes
    .filter((change) => {
      const base = bases.get(change.path);
      return base !== undefined && readAt(root, change.path).hash !== base.hash;
    })
    .map((change) => change.path);
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
export function movedReason(paths: readonly string[]): string {
  return `${namesOf(paths)} changed on disk while the check ran (written, or edited elsewhere), so the errors before the change are not known`;
}

/** The changed files' early answer, unless a changed file moved before it came. */
export function earlyUnlessMoved(
  root: string,
  changes: readonly ProposedFileChange[],
  bases: ReadonlyMap<string, ChangeBase>,
  outcome: ChangedFilesOutcome,
): ChangedFilesOutcome | null {
  return movedFiles(root, changes, bases).length ? null : outcome;
}

/**
 * The checker's answer about `changes` against their bases: as given when no changed file
 * moved; else, when the disk holds the proposed texts, the reversed check's sides swapped.
 */
export async function answerAgainstBase(
  checker: LanguageChecker,
  check: {
    readonly root: string;
    readonly group: readonly ProposedFileChange[];
    readonly bases: ReadonlyMap<string, ChangeBase>;
    /** The checker answered its changed files before any of them moved. */
    readonly read: boolean;
  },
  outcome: LanguageOutcome,
  options: { readonly signal: AbortSignal; readonly ceilingMs: number | undefined },
): Promise<LanguageOutcome> {
  const { root, group: changes, bases } = check;
  const { signal, ceilingMs } = options;
  if (check.read || outcome.state === 'not_checked') return outcome;
  const moved = movedFiles(root, changes, bases);
  if (!moved.length) return outcome;
  const notKnown = (): LanguageOutcome => ({
    state: 'not_checked',
    reason: movedReason(moved),
    filesChecked: 0,
    ...(outcome.checker ? { checker: outcome.checker } : {}),
  });
  const now = readBases(root, changes);
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
