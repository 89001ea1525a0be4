// A new file takes the project's dominant line ending: sampled from a few
// of the project's text files, LF when there is nothing to go by.
import type { Workspace } from '../workspace/workspace';
import { countEols, type Eol } from './text-format';

const SAMPLE_FILES = 40;
const SAMPLE_MAX_BYTES = 256 * 1024;

export async function dominantProjectEol(workspace: Workspace, signal?: AbortSignal): Promise<Eol> {
  let crlf = 0;
  let lf = 0;
  let listing;
  try {
    listing = await workspace.listFiles({ limit: 400, signal });
  } catch {
    return '\n';
  }
  let sampled = 0;
  for (const file of listing.files) {
    if (sampled >= SAMPLE_FILES) break;
    try {
      const bytes = await workspace.readBytes(file, { maxBytes: SAMPLE_MAX_BYTES });
      if (bytes.binary) continue;
      const counts = countEols(bytes.bytes.toString('utf8'));
      if (counts.crlf + counts.lf === 0) continue;
      sampled += 1;
      // One vote per file, so one huge file does not outweigh the rest.
      if (counts.crlf > counts.lf) crlf += 1;
      else lf += 1;
    } catch {
      continue;
    }
  }
  return crlf > lf ? '\r\n' : '\n';
}
