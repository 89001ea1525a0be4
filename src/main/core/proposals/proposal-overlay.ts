// The in-memory layer a run in propose mode writes to instead of the disk.
// Each file keeps the disk version it started from (bytes' sha256 and text) and its current
// text; reads through OverlayWorkspace see the current text. Nothing here touches the disk.
import { isProtectedPath } from '../approvals/policy';
import { computeLineDiff, DEFAULT_DIFF_BOUND, formatUnifiedDiff } from '../edits/bounded-line-diff';
import type { Proposal } from '../edits/proposal';
import { encodeText } from '../edits/text-format';
import type { ChangeSetFileRecord, FileAgainstBase } from '../store/change-set-repository';

export interface OverlayFile extends FileAgainstBase {
  /** The bytes as they would be written (format applied). */
  readonly bytes: Buffer;
  readonly changedAt: number;
}

/** An overlay file with its diff against the disk base, as a change set stores it. */
export type OverlayFileDiff = OverlayFile & ChangeSetFileRecord;

export function diffOfOverlayFile(file: OverlayFile): OverlayFileDiff {
  const diff = computeLineDiff(file.baseText, file.text, DEFAULT_DIFF_BOUND);
  return {
    ...file,
    hunks: diff.hunks,
    unifiedDiff: formatUnifiedDiff(file.path, file.isNewFile, diff.hunks),
    protectedPath: isProtectedPath(file.path),
  };
}

export class ProposalOverlay {
  private readonly files = new Map<string, OverlayFile>();
  private readonly listeners: Array<(file: OverlayFile) => void> = [];

  constructor(private readonly now: () => number = Date.now) {}

  get(relative: string): OverlayFile | undefined {
    return this.files.get(relative);
  }

  has(relative: string): boolean {
    return this.files.has(relative);
  }

  list(): OverlayFile[] {
    return [...this.files.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /** Created files (not on disk) whose path lies under `folder` ('' = root). */
  createdUnder(folder: string): OverlayFile[] {
    const prefix = folder ? `${folder}/` : '';
    return this.list().filter((f) => f.isNewFile && f.path.startsWith(prefix));
  }

  /** True when a created file lies inside `folder`, so the folder exists in the overlay. */
  hasFolder(folder: string): boolean {
    if (!folder) return true;
    return this.list().some((f) => f.isNewFile && f.path.startsWith(`${folder}/`));
  }

  onChange(listener: (file: OverlayFile) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Takes a write tool's proposal as the new state of its file. The proposal was built from
   * what the overlay showed, so for a file already here only the text changes; the disk
   * base stays the one the overlay first started from.
   */
  apply(proposal: Proposal): OverlayFile {
    const existing = this.files.get(proposal.path);
    const file: OverlayFile = {
      path: proposal.path,
      isNewFile: existing ? existing.isNewFile : proposal.isNewFile,
      baseHash: existing ? existing.baseHash : proposal.baseHash,
      baseText: existing ? existing.baseText : proposal.before,
      text: proposal.after,
      format: proposal.format,
      bytes: encodeText(proposal.after, proposal.format),
      changedAt: this.now(),
    };
    this.set(file);
    return file;
  }

  /** Restores a file from a stored change set (Refine continues from it). */
  seed(file: Omit<OverlayFile, 'bytes' | 'changedAt'>): void {
    this.set({ ...file, bytes: encodeText(file.text, file.format), changedAt: this.now() });
  }

  private set(file: OverlayFile): void {
    this.files.set(file.path, file);
    for (const listener of this.listeners) listener(file);
  }
}
