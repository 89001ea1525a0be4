// Reads the file a write tool proposes to change, exactly as on disk: bytes, hash, decoded
// text and format. The path goes through the workspace with purpose 'write', so a symlink
// at the target or a symlinked folder leading outside is refused before anything else.
import { SandboxError, type Workspace } from '../workspace/workspace';
import { ABSENT_FILE_HASH, sha256 } from './proposal';
import { decodeText, detectFormat, type TextFormat } from './text-format';

export type BaseFile =
  | {
      readonly exists: false;
      readonly relative: string;
      readonly absolute: string;
      readonly baseHash: typeof ABSENT_FILE_HASH;
    }
  | {
      readonly exists: true;
      readonly relative: string;
      readonly absolute: string;
      readonly baseHash: string;
      readonly bytes: Buffer;
      readonly text: string;
      readonly format: TextFormat;
    };

export async function readBaseFile(workspace: Workspace, input: string): Promise<BaseFile> {
  const resolved = workspace.resolve(input, 'write');
  const info = await workspace.stat(resolved.relative);
  if (!info)
    return {
      exists: false,
      relative: resolved.relative,
      absolute: resolved.absolute,
      baseHash: ABSENT_FILE_HASH,
    };
  if (info.type !== 'file')
    throw new SandboxError('not-a-file', input, `${JSON.stringify(input)} is not a regular file.`);
  const file = await workspace.readBytes(resolved.relative);
  const decoded = decodeText(file.bytes, resolved.relative);
  return {
    exists: true,
    relative: resolved.relative,
    absolute: resolved.absolute,
    baseHash: sha256(file.bytes),
    bytes: file.bytes,
    text: decoded.text,
    format: decoded.format,
  };
}

export function formatForNewFile(eol: TextFormat['eol']): TextFormat {
  return { ...detectFormat(''), eol, finalNewline: true };
}
