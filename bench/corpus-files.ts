// What the language benches share: listing a copied corpus, and a ratio in percent.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export function walkFiles(dir: string, keep: (name: string) => boolean, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const relative = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== '__pycache__') out.push(...walkFiles(dir, keep, relative));
    } else if (entry.isFile() && keep(entry.name)) out.push(relative);
  }
  return out.sort();
}

export const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
