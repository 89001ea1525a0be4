// What a project's approval of a `.sluice/mcp.json` entry is bound to besides its text: the
// bytes of the project files it runs. An entry `./server` or `node tools/mcp.js` approved
// today must not run different code after a `git pull` without asking again, so the command
// and every argument that names a regular file inside the project (after symlinks) are
// hashed by content into the entry hash. What those files import is not followed
// (docs/ARCHITECTURE.md, MCP known limits). A file that cannot be read in full is pinned as
// unreadable, so it can never match an approval given to readable bytes.
import { createHash } from 'node:crypto';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { McpEntryFilePin, McpServerConfig } from './mcp-config';

/** An entry naming more project files than this, or more bytes in all, is refused. */
export const MAX_PINNED_FILES = 16;
export const MAX_PINNED_BYTES = 64 * 1024 * 1024;

export class PinLimitError extends Error {
  override readonly name = 'PinLimitError';
}

async function digest(file: string, budget: { bytes: number }): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const info = await handle.stat();
    if (!info.isFile()) return 'not-a-regular-file';
    budget.bytes -= info.size;
    if (budget.bytes < 0)
      throw new PinLimitError(
        `the project files it names are larger than ${MAX_PINNED_BYTES / (1024 * 1024)} MB in all, too large to approve by content`,
      );
    const hash = createHash('sha256');
    for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk);
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}

function inside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * The project files a stdio entry names, with their content hash, in the order named.
 * `projectRoot` is where the server starts (its cwd). Throws PinLimitError (only) when the
 * entry names more files or bytes than can be pinned: such an entry is not offered.
 */
export async function projectFilePins(
  config: McpServerConfig,
  projectRoot: string,
): Promise<McpEntryFilePin[]> {
  if (config.transport !== 'stdio') return [];
  let root: string;
  try {
    root = await realpath(projectRoot);
  } catch {
    return [];
  }
  const pins: McpEntryFilePin[] = [];
  const seen = new Set<string>();
  const budget = { bytes: MAX_PINNED_BYTES };
  for (const candidate of [config.command, ...config.args]) {
    // A bare command name is looked up on the person's PATH (a project cannot set PATH), so
    // only words that read as paths are followed. `--flag=file` forms are not.
    if (!candidate || candidate.startsWith('-')) continue;
    const lexical = path.resolve(projectRoot, candidate);
    let real: string;
    try {
      real = await realpath(lexical);
    } catch {
      continue;
    }
    if (!inside(root, real) && !inside(projectRoot, lexical)) continue;
    if (seen.has(real)) continue;
    seen.add(real);
    let sha256: string;
    try {
      sha256 = await digest(real, budget);
    } catch (error) {
      if (error instanceof PinLimitError) throw error;
      sha256 = `unreadable:${(error as NodeJS.ErrnoException).code ?? 'error'}`;
    }
    if (sha256 === 'not-a-regular-file') continue;
    if (pins.length >= MAX_PINNED_FILES)
      throw new PinLimitError(
        `it names more than ${MAX_PINNED_FILES} project files, too many to approve by content`,
      );
    pins.push({ path: path.relative(root, real) || real, sha256 });
  }
  return pins;
}
