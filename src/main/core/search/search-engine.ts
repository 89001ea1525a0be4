// One interface for content search (DESIGN.md "search/"): ripgrep when its binary is present,
// a pure-Node fallback otherwise. Both return the same capped outcome with totals, so the
// search_files tool neither knows nor cares which one ran.
import type { Workspace } from '../workspace/workspace';

export interface SearchQuery {
  readonly pattern: string;
  /** True: the pattern is plain text. False: a regular expression. */
  readonly literal: boolean;
  readonly caseSensitive: boolean;
  /** Globs over root-relative paths; a glob without `/` matches the file name anywhere. */
  readonly globs: readonly string[];
  /** Root-relative folder or file to search ('' = the whole root); already resolved by the workspace. */
  readonly under: string;
  readonly contextLines: number;
  /** Matching lines kept in the outcome; the rest are only counted. */
  readonly maxMatches: number;
  /** Longer lines are cut to this many characters. */
  readonly maxLineChars: number;
  /** The search stops (and says so) after this long. */
  readonly timeLimitMs: number;
}

export interface SearchLine {
  /** 1-based. */
  readonly line: number;
  readonly text: string;
  readonly kind: 'match' | 'context';
  /** Characters cut from the end of the line (0 when whole). */
  readonly cut: number;
}

export interface SearchFileHits {
  readonly path: string;
  readonly lines: SearchLine[];
}

/** time-limit: the query's time limit; aborted: the signal; file-limit: more files than the walk may list. */
export type SearchStop = 'time-limit' | 'aborted' | 'file-limit';

export interface SearchOutcome {
  readonly engine: 'ripgrep' | 'node';
  /** Files in the order found, with kept matching lines and their context. */
  readonly files: SearchFileHits[];
  /** Matching lines kept in `files`. */
  readonly shownMatches: number;
  /** All matching lines found (a lower bound when `stoppedBy` is set). */
  readonly totalMatches: number;
  /** Files with at least one matching line. */
  readonly totalFiles: number;
  /** Set when a limit cut the search short. */
  readonly stoppedBy?: SearchStop;
  /** Files not searched because they exceed the workspace's maxFileBytes (Node fallback). */
  readonly skippedLargeFiles?: number;
  /** Result lines dropped because one line of output was too large to hold; totals may be low. */
  readonly oversizedLines?: number;
}

/** Contract: rejects only for bad queries (e.g. an invalid regex) with a message for the model. */
export interface SearchEngine {
  readonly name: string;
  search(workspace: Workspace, query: SearchQuery, signal?: AbortSignal): Promise<SearchOutcome>;
}

/** A message naming the problem with a regex and how to recover. */
export class InvalidPatternError extends Error {
  override readonly name = 'InvalidPatternError';
  constructor(pattern: string, detail: string) {
    super(
      `The pattern ${JSON.stringify(pattern)} is not a valid regular expression: ${detail.trim()}\nEscape the special characters, or pass "literal": true to search for the text as written.`,
    );
  }
}

export function cutLine(text: string, maxChars: number): { text: string; cut: number } {
  const clean = text.replace(/\r?\n$/, '');
  if (clean.length <= maxChars) return { text: clean, cut: 0 };
  return { text: clean.slice(0, maxChars), cut: clean.length - maxChars };
}
