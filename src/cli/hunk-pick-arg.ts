// `PATH` or `PATH:h1,h3`: a file, or some of its hunks as `sluice diff` numbers them (the form
// `diff --revert` and `commit --hunks` take).
import { UsageError } from './cli-io';

export function parseHunkPick(raw: string, flag: string): { path: string; hunkIds?: string[] } {
  const match = /^(.*):(h\d+(?:,h\d+)*)$/u.exec(raw);
  const path = (match ? match[1] : raw) ?? '';
  if (!path.trim()) throw new UsageError(`${flag} needs a PATH (optionally PATH:h1,h2).`);
  return match?.[2] ? { path, hunkIds: match[2].split(',') } : { path };
}
