// The text half of a quick answer: which code files contain one of some words (or
// match one of some patterns), found by ripgrep with the walk flags the search engine uses,
// each path then checked as the index's own scan would take it: a code file, within the walk
// depth, not ignored by .gitignore/.sluiceignore at any level. A superset of the files that
// matter is fine (they are parsed and judged); a missed file is not, so anything that makes
// the listing doubtful (rg failed, timed out, could not read a file) is reported as `unsure`.
// With `keepLine`, ripgrep prints the matching lines and a file is listed when one of them is
// kept (the caller judges what a pattern alone cannot).
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { ripgrepIgnoreArgs } from '../search/ripgrep-engine';
import { INDEXED_EXTENSIONS } from './index-types';
import { isCodeFile, type IndexFileSource } from './project-scan';
import { childStdio } from '../process/child-descriptors';

export interface PrefilterInput {
  readonly rgPath: string;
  readonly source: IndexFileSource;
  /** Identifiers matched as whole words, case-sensitively, as written. */
  readonly words: readonly string[];
  /** Extra regular expressions (Rust syntax), matched as written. */
  readonly patterns?: readonly string[];
  readonly timeLimitMs?: number;
  readonly signal?: AbortSignal;
  /**
   * Judges each line that matched (`path` project-relative, the line without its newline): a
   * file is listed when one of its lines is kept. Absent: any match lists the file.
   */
  readonly keepLine?: (path: string, line: string) => boolean;
  /** Work to do while ripgrep runs (its failure is ignored: it is only a head start). */
  readonly meanwhile?: () => Promise<void>;
  /**
   * With `keepLine`: told of each file the listing will hold as soon as ripgrep has printed
   * its first kept line, so work on it can start while the search goes on.
   */
  readonly onListed?: (path: string) => void;
}

export interface PrefilterResult {
  /** Project-relative `/` paths, sorted. */
  readonly files: string[];
  /** With `keepLine`: how many files the index would scan hold a matching line, kept or not. */
  readonly matched?: number;
  /** Why the listing may have missed a file; absent when it is complete. */
  readonly unsure?: string;
}

const DEFAULT_TIME_LIMIT_MS = 60_000;
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|#&~-]/g, (c) => `\\${c}`);
}

export function wordAlternatives(words: readonly string[]): string {
  return `(?:${[...new Set(words)].map(escapeRegex).join('|')})`;
}

/**
 * One of the words, whole, inside a one-line string literal: where TypeScript/JavaScript
 * and Go write every module specifier (`'./index.js'`, `"@acme/ui/button"`, `"net/http"`).
 */
export function quotedWordsPattern(words: readonly string[]): string {
  const q = `['"\`]`;
  const inside = `[^'"\`\\n]*`;
  return `${q}(?:${inside}\\W)?${wordAlternatives(words)}(?:\\W${inside})?${q}`;
}

export function prefilterArgs(
  input: Pick<PrefilterInput, 'source' | 'words' | 'patterns' | 'keepLine'>,
) {
  const args = [
    ...ripgrepIgnoreArgs(input.source.root),
    // Each matching line as `path NUL line`, or each matching file once.
    ...(input.keepLine
      ? ['--with-filename', '--no-heading', '--no-line-number', '--color', 'never']
      : ['--files-with-matches']),
    '--null',
    '--case-sensitive',
    '--no-messages',
    // The index reads every indexed extension in any case (isCodeFile is case-insensitive).
    '--iglob',
    `*.{${INDEXED_EXTENSIONS.join(',')}}`,
  ];
  // What rg's --word-regexp does, for the words only: a non-word character (or the line's
  // edge) on both sides, so `@scope/pkg` and `$x` are whole words too.
  if (input.words.length)
    args.push('--regexp', `(?:^|\\W)${wordAlternatives(input.words)}(?:$|\\W)`);
  for (const pattern of input.patterns ?? []) args.push('--regexp', pattern);
  return args;
}

/**
 * The files with a kept line, read from `path NUL line` records as ripgrep prints them: `push`
 * takes each chunk of output, `end` the rest. `malformed` is set when a record has no path.
 */
function keptFilesReader(
  keepLine: (path: string, line: string) => boolean,
  onKept: (file: string) => void,
) {
  const files = new Set<string>();
  const matched = new Set<string>();
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let malformed = false;
  const records = (text: string, final: boolean): void => {
    let start = 0;
    for (;;) {
      let end = text.indexOf('\n', start);
      if (end < 0) {
        if (!final || start >= text.length) break;
        end = text.length;
      }
      const nul = text.indexOf('\0', start);
      if (nul < 0 || nul > end) malformed = true;
      else {
        const file = text.slice(start, nul);
        matched.add(file);
        if (!files.has(file) && keepLine(file.replace(/^\.\//, ''), text.slice(nul + 1, end))) {
          files.add(file);
          onKept(file);
        }
      }
      start = end + 1;
    }
    rest = start < text.length ? text.slice(start) : '';
  };
  return {
    push: (chunk: Buffer): void => records(rest + decoder.write(chunk), false),
    end: (): void => records(rest + decoder.end(), true),
    files: (): string[] | undefined => (malformed ? undefined : [...files]),
    matched: (): string[] => [...matched],
  };
}

function isPath(path: string | undefined): path is string {
  return path !== undefined;
}

function depthOf(relative: string): number {
  let depth = 1;
  for (let i = 0; i < relative.length; i++) if (relative.charCodeAt(i) === 47) depth++;
  return depth;
}

/** A listed path as the index's own scan would take it, project-relative; undefined when not. */
function listable(line: string, source: IndexFileSource): string | undefined {
  const relative = line.replace(/^\.\//, '');
  return relative !== '' &&
    isCodeFile(relative) &&
    depthOf(relative) <= source.limits.maxWalkDepth &&
    !source.isIgnored(relative, false)
    ? relative
    : undefined;
}

export function runPrefilter(input: PrefilterInput): Promise<PrefilterResult> {
  if (!input.words.length && !input.patterns?.length) return Promise.resolve({ files: [] });
  const onListed = input.onListed;
  const kept = input.keepLine
    ? keptFilesReader(input.keepLine, (line) => {
        const relative = onListed && listable(line, input.source);
        if (relative) onListed(relative);
      })
    : undefined;
  return new Promise((resolve) => {
    const child = spawn(input.rgPath, prefilterArgs(input), {
      cwd: input.source.root,
      stdio: childStdio(['ignore', 'pipe', 'ignore']),
      windowsHide: true,
    });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let stopped: string | undefined;
    const stop = (why: string): void => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop('the text search ran out of time'),
      input.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
    );
    const onAbort = (): void => stop('the text search was aborted');
    input.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_OUTPUT_BYTES)
        stop(
          `the text search ${input.keepLine ? 'printed too many lines' : 'listed too many files'}`,
        );
      else if (kept) kept.push(chunk);
      else chunks.push(chunk);
    });
    const finish = (unsure: string | undefined): void => {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', onAbort);
      kept?.end();
      const listed = kept ? kept.files() : Buffer.concat(chunks).toString('utf8').split('\0');
      if (listed === undefined)
        unsure ??= 'the text search printed a line it did not name a file for';
      const files = [
        ...new Set((listed ?? []).map((line) => listable(line, input.source)).filter(isPath)),
      ].sort();
      const matched = kept
        ? { matched: kept.matched().filter((line) => listable(line, input.source)).length }
        : {};
      resolve(unsure ? { files, unsure, ...matched } : { files, ...matched });
    };
    child.on('error', (error) => finish(`ripgrep could not be started (${error.message})`));
    const meanwhile = input.meanwhile?.().catch(() => undefined) ?? Promise.resolve();
    child.on('close', (code) => void meanwhile.then(() => closed(code)));
    const closed = (code: number | null): void => {
      if (stopped) finish(stopped);
      // 0: matches, 1: none, 2: an error (an unreadable file or folder) — maybe a missed file.
      else if (code === 0 || code === 1) finish(undefined);
      else finish('the text search could not read every file');
    };
  });
}
