// One file's trip through the indexer: stat, size limit, read, hash, parse, extract. Runs in
// a worker thread (or in-process as the fallback). Contract: never throws; every failure
// is an outcome the index records.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { ParsedFile, ParseOutcome } from './index-types';
import { extractFile } from './extract-file';
import { prepareGrammarsFor } from './languages/tree-sitter-runtime';

export interface ParseJob {
  /** Relative to the project root, `/` separators. */
  readonly path: string;
  readonly absolute: string;
  readonly maxBytes: number;
  /** Hash the index already holds: when the content still matches, the file is not parsed. */
  readonly knownHash?: string;
}

export type ParseJobResult =
  | ParsedFile
  | {
      readonly path: string;
      readonly unchanged: true;
      readonly size: number;
      readonly mtimeMs: number;
    };

export function hashText(buffer: Uint8Array): string {
  return createHash('sha1').update(buffer).digest('hex');
}

/**
 * Synchronous I/O on purpose: in a worker nothing else waits, and a promise round trip per file
 * costs more than the read. `extract` reads the text once the limits pass (the quick
 * definitions give oxc's reader, quick-parse.ts); the index's own extractor by default.
 */
export function runParseJobSync(
  job: ParseJob,
  extract: (path: string, text: string) => ParseOutcome = extractFile,
): ParseJobResult {
  let size = 0;
  let mtimeMs = 0;
  try {
    const info = statSync(job.absolute);
    size = info.size;
    mtimeMs = info.mtimeMs;
    if (!info.isFile()) {
      return {
        path: job.path,
        size,
        mtimeMs,
        hash: '',
        outcome: { status: 'unreadable', error: 'not a regular file' },
      };
    }
    if (size > job.maxBytes) {
      return {
        path: job.path,
        size,
        mtimeMs,
        hash: '',
        outcome: {
          status: 'too-large',
          error: `${size} bytes is over the index limit of ${job.maxBytes} bytes (generated or bundled code is skipped)`,
        },
      };
    }
    const buffer = readFileSync(job.absolute);
    const hash = hashText(buffer);
    if (job.knownHash && job.knownHash === hash)
      return { path: job.path, unchanged: true, size, mtimeMs };
    if (buffer.includes(0)) {
      return {
        path: job.path,
        size,
        mtimeMs,
        hash,
        outcome: { status: 'unreadable', error: 'binary content (NUL byte)' },
      };
    }
    const text = buffer.toString('utf8');
    return { path: job.path, size, mtimeMs, hash, outcome: extract(job.path, text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      path: job.path,
      size,
      mtimeMs,
      hash: '',
      outcome: { status: 'unreadable', error: message },
    };
  }
}

export async function runParseJob(job: ParseJob): Promise<ParseJobResult> {
  await prepareGrammarsFor([job.path]);
  return runParseJobSync(job);
}
