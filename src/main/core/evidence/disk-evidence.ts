// Evidence over many files at once: a propose run's overlay, an MCP session's
// change set, a stored set the inbox opens. The check is made against the disk as it is, and
// the evidence records which disk it was made against (sha256 per path, as change sets hash
// their bases), so the inbox can tell when the disk moved and the evidence is stale.
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { readContentHash } from '../workspace/content-hash';
import type { Workspace } from '../workspace/workspace';
import type {
  CheckOptions,
  DiagnosticsPort,
  ProposedFileChange,
} from '../diagnostics/diagnostics-port';

/** A path that cannot be read now (refused, vanished folder): never equal to a stored hash. */
const UNREADABLE = 'unreadable';

export async function diskHashes(
  workspace: Workspace,
  paths: readonly string[],
): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const path of paths) {
    try {
      hashes[path] = (await readContentHash(workspace, path)).hash;
    } catch {
      hashes[path] = UNREADABLE;
    }
  }
  return hashes;
}

/**
 * Checks the files against the disk as it is now; the evidence (and a late one) carries the
 * disk's hashes of those paths, read just before the check.
 */
export async function checkAgainstDisk(
  diagnostics: DiagnosticsPort,
  workspace: Workspace,
  changes: readonly ProposedFileChange[],
  options: CheckOptions = {},
): Promise<ProposalEvidence> {
  const baseHashes = await diskHashes(
    workspace,
    changes.map((c) => c.path),
  );
  const evidence = await diagnostics.checkChange(changes, {
    ...options,
    ...(options.onLateResult
      ? { onLateResult: (late) => options.onLateResult?.({ ...late, baseHashes }) }
      : {}),
  });
  return { ...evidence, baseHashes };
}

/**
 * Checks a propose run's (or an MCP session's) files together; the evidence names the base
 * each file was made on (the disk version its overlay started from), not the disk now.
 */
export async function checkOverlayFiles(
  diagnostics: DiagnosticsPort,
  files: readonly { path: string; text: string; baseHash: string }[],
  options: CheckOptions = {},
): Promise<ProposalEvidence> {
  const baseHashes = Object.fromEntries(files.map((f) => [f.path, f.baseHash]));
  const evidence = await diagnostics.checkChange(
    files.map((f) => ({ path: f.path, after: f.text })),
    {
      ...options,
      ...(options.onLateResult
        ? { onLateResult: (late) => options.onLateResult?.({ ...late, baseHashes }) }
        : {}),
    },
  );
  return { ...evidence, baseHashes };
}

/** True when the stored evidence was made against another disk than `now` (or never made). */
export function diskMoved(
  evidence: ProposalEvidence | null,
  now: Readonly<Record<string, string>>,
): boolean {
  if (!evidence) return true;
  return Object.entries(now).some(([path, hash]) => evidence.baseHashes[path] !== hash);
}
