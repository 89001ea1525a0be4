// What a background run's commands changed in its private copy, taken back into the run's
// ProposalOverlay: text files as the set's files (their base read from the project as
// read_file would), and what a change set cannot carry (deletions, binary or huge files, a path
// through a link out of the project) listed as unapplied instead.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { isProtectedPath } from '../approvals/policy';
import type { RunExecutor } from '../commands/run-executor';
import { decodeText, NotTextError } from '../edits/text-format';
import type { RunCopy } from '../sandbox/run-copy';
import { ABSENT_FILE_HASH, sha256 } from '../workspace/content-hash';
import { errnoCode } from '../workspace/errno-code';
import { SandboxError, type Workspace } from '../workspace/workspace';
import type { ProposalOverlay } from './proposal-overlay';

/** A path's base in the project, read by read_file's rules. */
type ProjectBase =
  | { readonly kind: 'file'; readonly bytes: Buffer; readonly mode: number }
  /** Nothing there, or nothing a change set can hold as a base (a folder, a huge file). */
  | { readonly kind: 'none' }
  /** The path goes through a link out of the project: its target is never read. */
  | { readonly kind: 'refused'; readonly why: string };

/**
 * The project's file at `rel`, resolved by components like read_file: a link on the way (or
 * at the end) that leads out of the project refuses the path, and the file is opened with
 * O_NOFOLLOW, so a link swapped in meanwhile is not followed either.
 */
export function projectBase(workspace: Workspace, rel: string): ProjectBase {
  let absolute: string;
  try {
    absolute = workspace.resolve(rel, 'read').absolute;
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    return {
      kind: 'refused',
      why:
        error.rule === 'symlink-outside' || error.rule === 'outside-root'
          ? 'refused: a link out of the project'
          : error.message,
    };
  }
  let fd: number;
  try {
    fd = openSync(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (errnoCode(error) === 'ELOOP')
      return { kind: 'refused', why: 'refused: a link out of the project' };
    return { kind: 'none' };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > workspace.limits.maxFileBytes) return { kind: 'none' };
    return { kind: 'file', bytes: readFileSync(fd), mode: info.mode };
  } finally {
    closeSync(fd);
  }
}

/** The run's copy and set, and the paths a command changed that the set does not carry, with why. */
export interface CopyAbsorption {
  readonly executor: RunExecutor;
  readonly copy: RunCopy;
  readonly workspace: Workspace;
  readonly overlay: ProposalOverlay;
  readonly unapplied: Map<string, string>;
}

/** One path a command changed in the copy, taken into the set or listed as unapplied. */
export async function absorbCopyPath(into: CopyAbsorption, rel: string): Promise<void> {
  const { executor, copy, workspace, overlay, unapplied } = into;
  if (isProtectedPath(rel)) return;
  const bytes = await executor.readFile(copy, rel);
  if (bytes === null) {
    unapplied.set(
      rel,
      `${rel} was deleted by a command; a change set cannot delete files, so the deletion is listed here and not applied`,
    );
    return;
  }
  if (bytes.length > workspace.limits.maxFileBytes) {
    unapplied.set(
      rel,
      `${rel} was changed by a command but is larger than ${workspace.limits.maxFileBytes} bytes, so it is not part of the set`,
    );
    return;
  }
  let decoded;
  try {
    decoded = decodeText(bytes, rel);
  } catch (error) {
    if (!(error instanceof NotTextError)) throw error;
    unapplied.set(
      rel,
      `${rel} is a binary file a command changed; a change set holds text only, so it is not part of it`,
    );
    return;
  }
  unapplied.delete(rel);
  const known = overlay.get(rel);
  if (known) {
    if (known.text !== decoded.text || known.format.bom !== decoded.format.bom)
      overlay.seed({ ...known, text: decoded.text, format: decoded.format });
    return;
  }
  const found = projectBase(workspace, rel);
  if (found.kind === 'refused') {
    unapplied.set(rel, `${rel} was changed by a command but is not part of the set: ${found.why}`);
    return;
  }
  const base = found.kind === 'file' ? found.bytes : null;
  // A command that opened a file for writing copies it up unchanged: not a change.
  if (base && base.equals(bytes)) return;
  let baseText = '';
  if (base) {
    try {
      baseText = decodeText(base, rel).text;
    } catch {
      unapplied.set(rel, `${rel} was binary in the project; its new text is not part of the set`);
      return;
    }
  }
  overlay.seed({
    path: rel,
    isNewFile: base === null,
    baseHash: base ? sha256(base) : ABSENT_FILE_HASH,
    baseText,
    text: decoded.text,
    format: decoded.format,
  });
}
