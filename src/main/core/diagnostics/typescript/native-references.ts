// Project references in a cycle, for TypeScript 7 (an honest outcome): like 5.x/6.x,
// a program alone does not report TS6202 (only a build does) and then checks nothing that
// the cycle hides, so the configs are followed here, read through the checker's read rules,
// and a cycle makes the programs in it `not_checked` in TypeScript's words.
// Runs inside the TypeScript check worker.
import path from 'node:path';
import { parse } from 'jsonc-parser';
import type { CheckerFileReads } from './file-reads';
import { cycleError, referenceCycle, type ConfigError } from './project-configs';

const MAX_CONFIGS = 64;

/** TS6202 and the configs in the cycle, or null when the references form none. */
export function nativeReferenceCycle(
  rootConfig: string,
  reads: CheckerFileReads,
): { error: ConfigError; configs: ReadonlySet<string> } | null {
  const edges = new Map<string, string[]>();
  const queue = [rootConfig];
  while (queue.length && edges.size < MAX_CONFIGS) {
    const file = queue.shift() as string;
    if (edges.has(file)) continue;
    const next = referencesOf(file, reads);
    edges.set(file, next);
    queue.push(...next);
  }
  const cycle = referenceCycle(edges);
  return cycle ? { error: cycleError(null, cycle), configs: new Set(cycle) } : null;
}

function referencesOf(file: string, reads: CheckerFileReads): string[] {
  const text = reads.readFile(file);
  if (text === undefined) return [];
  const parsed = parse(text, [], { allowTrailingComma: true }) as {
    references?: { path?: unknown }[];
  } | null;
  const out: string[] = [];
  for (const reference of Array.isArray(parsed?.references) ? parsed.references : []) {
    if (typeof reference?.path !== 'string') continue;
    const target = path.resolve(path.dirname(file), reference.path);
    const config = target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
    if (reads.fileExists(config)) out.push(config);
  }
  return out;
}
