// A file's identity for the write path: the sha256 of its bytes, or ABSENT_FILE_HASH when
// nothing is at the path. Proposals record it; replace-file.ts compares it before writing.
import { createHash } from 'node:crypto';
import { SandboxError } from './sandbox-error';

/** The part of the workspace a hash needs (the workspace passes itself). */
export interface ByteSource {
  readBytes(input: string): Promise<{ readonly bytes: Buffer }>;
}

/** The base hash of a file that does not exist yet. */
export const ABSENT_FILE_HASH = 'absent';

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** sha256 of what is at the path now (read under the sandbox rules), or ABSENT_FILE_HASH. */
export async function readContentHash(
  workspace: ByteSource,
  input: string,
): Promise<{ hash: string; bytes: Buffer | null }> {
  try {
    const file = await workspace.readBytes(input);
    return { hash: sha256(file.bytes), bytes: file.bytes };
  } catch (error) {
    if (error instanceof SandboxError && error.rule === 'not-found')
      return { hash: ABSENT_FILE_HASH, bytes: null };
    throw error;
  }
}
