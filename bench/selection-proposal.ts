// The selection bench's proposal and the ticks a person changes on it: a real file of the
// corpus (imported by a few others, so its complete check reaches past it) gets a
// three-hunk edit — a comment at the top (benign), a declaration in a function body that does
// not type-check (the error, in the file itself; what the file exports keeps its shape), a
// comment and a new export at the end (benign, but the file's exports change, so its
// importers are checked again) — and the selections a person makes of it by ticking whole
// hunks and single lines.
import path from 'node:path';
import { createProposal, sha256, type Proposal } from '../src/main/core/edits/proposal';
import { applySelectedHunks } from '../src/main/core/edits/proposal';
import { detectFormat } from '../src/main/core/edits/text-format';
import { allLineKeys, selectorsFor } from '../src/shared/hunk-selection';
import { seeded } from './diagnostics-edits';

/** The line that breaks the build: any selection keeping it must show its error. */
export const BREAKING_LINE = "const sluiceBenchTicks: number = 'unticked';";
const TOP = [
  '// Reviewed in the selection bench:',
  '// each tick keeps or drops',
  '// one of these lines.',
];
const MIDDLE = ['// The count the ticks changed.', BREAKING_LINE];
const END = [
  '/** What the selection bench adds when its last hunk is ticked. */',
  "export const sluiceBenchKept = 'kept';",
];
/** Lines kept between hunks, so each is a hunk of its own (3 lines of context each side). */
const APART = 10;

/** Project-relative files each file is imported by (relative specifiers, as the corpora use). */
function importerCounts(files: ReadonlyMap<string, string>): Map<string, number> {
  const importers = new Map<string, Set<string>>();
  for (const [file, text] of files)
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const bare = path.posix.join(path.posix.dirname(file), m[1] ?? '').replace(/\.(js|ts)$/, '');
      const target = [`${bare}.ts`, `${bare}/index.ts`].find((f) => files.has(f));
      if (!target || target === file) continue;
      const set = importers.get(target) ?? new Set<string>();
      set.add(file);
      importers.set(target, set);
    }
  return new Map([...importers].map(([file, set]) => [file, set.size]));
}

/** Where the error goes: first in a block that begins with a `return`, mid-file. */
function middleSpot(lines: readonly string[]): { at: number; indent: string } | null {
  const from = Math.max(APART + TOP.length, Math.floor(lines.length / 3));
  for (let i = from; i < lines.length - APART; i++) {
    const indent = /^(\s+)return\b/.exec(lines[i] ?? '')?.[1];
    if (indent && lines[i - 1]?.trimEnd().endsWith('{')) return { at: i, indent };
  }
  return null;
}

export interface SelectionProposal {
  readonly proposal: Proposal;
  readonly importers: number;
}

/**
 * The proposal on the corpus file with the most importers among those with 3 to 10 of them
 * and 80 to 2,000 lines (BENCH_SELECTION_FILE names another), or why there is none.
 */
export function selectionProposal(
  files: ReadonlyMap<string, string>,
): SelectionProposal | { reason: string } {
  const counts = importerCounts(files);
  const named = process.env.BENCH_SELECTION_FILE;
  const candidates = [...files]
    .filter(([file, text]) => {
      if (named) return file === named;
      const lines = text.split('\n').length;
      const n = counts.get(file) ?? 0;
      return n >= 3 && n <= 10 && lines >= 80 && lines <= 2000 && !text.includes('\r');
    })
    .sort(([a], [b]) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b));
  for (const [file, before] of candidates) {
    const lines = before.split('\n');
    const spot = middleSpot(lines);
    if (!spot) continue;
    const { at, indent } = spot;
    const middle = MIDDLE.map((line) => `${indent}${line}`);
    const end = before.endsWith('\n') ? '' : '\n';
    const after = [...TOP, ...lines.slice(0, at), ...middle, ...lines.slice(at)].join('\n');
    const proposal = createProposal({
      tool: 'edit_file',
      path: file,
      isNewFile: false,
      before,
      after: `${after}${end}${END.join('\n')}\n`,
      format: detectFormat(before),
      baseHash: sha256(before),
      description: 'a comment, a declaration that does not type-check, and a new export',
    });
    if (proposal.hunks.length === 3) return { proposal, importers: counts.get(file) ?? 0 };
  }
  return {
    reason: named
      ? `${named} is not a corpus file with room for three hunks`
      : 'no corpus file with 3 to 10 importers and room for three hunks',
  };
}

export interface TickChange {
  /** What the decision names: whole hunks (`h2`) or single lines (`h2@5`). */
  readonly selectors: string[];
  /** It keeps the line that breaks the build: its evidence must show the error. */
  readonly breaks: boolean;
}

/**
 * `count` selections, each writing a text none before it writes: the six selections of whole
 * hunks first (each ticks or unticks one hunk from the one before), then selections of single
 * lines in a seeded order. Never every line (the proposal itself) nor none (the disk).
 */
export function newSelections(proposal: Proposal, count: number, seed = 5): TickChange[] {
  const hunkIds = proposal.hunks.map((h) => h.id);
  const all = [...allLineKeys(proposal.hunks)];
  const byHunks = [[1, 2], [2], [0, 2], [0, 1], [1], [0]].map((kept) =>
    kept.map((i) => hunkIds[i] ?? ''),
  );
  const random = seeded(seed);
  const out: TickChange[] = [];
  const seen = new Set<string>([proposal.before, proposal.after]);
  for (let i = 0, tries = 0; out.length < count && tries < 10_000; tries++) {
    const selectors =
      byHunks[i++] ?? selectorsFor(proposal.hunks, new Set(all.filter(() => random() < 0.5)));
    const text = applySelectedHunks(proposal, selectors);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ selectors, breaks: text.includes(BREAKING_LINE) });
  }
  return out;
}
