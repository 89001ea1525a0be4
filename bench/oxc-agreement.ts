// Agreement of the quick path's oxc extraction (src/main/core/index/oxc) with the index's
// TypeScript extraction, file by file over a corpus: every symbol (name, kind, line, column,
// exported, signature) and every local export must be the same. A file oxc leaves to
// TypeScript (a syntax error it reports) counts apart: the quick path parses it with
// TypeScript, so it cannot disagree. Reports the files that differ, first difference each.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractFile } from '../src/main/core/index/extract-file';
import { extractWithOxc, loadOxc } from '../src/main/core/index/oxc/oxc-extract-file';

export interface OxcAgreement {
  readonly files: number;
  readonly agreed: number;
  /** oxc reported an error or could not read it: TypeScript parses these. */
  readonly leftToTypeScript: number;
  /** TypeScript found a syntax error oxc did not: the quick path would list what the index does not. */
  readonly typescriptOnlyErrors: string[];
  readonly differences: string[];
}

function firstDifference(a: readonly unknown[], b: readonly unknown[]): string | undefined {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = JSON.stringify(a[i]);
    const y = JSON.stringify(b[i]);
    if (x !== y) return `#${i}: typescript ${x} / oxc ${y}`;
  }
  return undefined;
}

export async function oxcAgreement(root: string, files: readonly string[]): Promise<OxcAgreement> {
  if (!(await loadOxc())) throw new Error('oxc-parser could not be loaded');
  let agreed = 0;
  let leftToTypeScript = 0;
  const typescriptOnlyErrors: string[] = [];
  const differences: string[] = [];
  for (const file of files) {
    if (!/\.[mc]?[jt]sx?$/.test(file)) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    const oxc = extractWithOxc(file, text);
    if (!oxc) {
      leftToTypeScript++;
      continue;
    }
    const typescript = extractFile(file, text);
    if (typescript.status !== 'ok') {
      typescriptOnlyErrors.push(`${file}: ${typescript.error}`);
      continue;
    }
    const difference =
      firstDifference(typescript.extraction.symbols, oxc.symbols) ??
      firstDifference(typescript.extraction.exports, oxc.exports);
    if (difference) differences.push(`${file} ${difference}`);
    else agreed++;
  }
  return { files: files.length, agreed, leftToTypeScript, typescriptOnlyErrors, differences };
}

/** One row of the first-query tables (what, result, left aside, detail, goal) and its notes. */
export async function oxcAgreementRow(
  label: string,
  root: string,
  files: readonly string[],
): Promise<{ row: string[]; notes: string[] }> {
  const a = await oxcAgreement(root, files);
  const compared = a.agreed + a.differences.length;
  return {
    row: [
      `${label}: each file's definitions as oxc reads them (quick answers) vs TypeScript (the index)`,
      `${a.agreed}/${compared} files the same`,
      `${a.leftToTypeScript} left to TypeScript (an error oxc reports, an octal escape)`,
      `${a.typescriptOnlyErrors.length} with a syntax error only TypeScript reports`,
      'all the same, none TypeScript-only',
    ],
    notes: [
      ...a.differences.slice(0, 50).map((d) => `  oxc differs: ${d}`),
      ...a.typescriptOnlyErrors.slice(0, 20).map((d) => `  only TypeScript errs: ${d}`),
    ],
  };
}
