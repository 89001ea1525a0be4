// A checker's own words for a person ("not checked: <the tool's own words,
// one line>"): one line, the project's absolute path taken out, control characters made
// visible, at most 300 characters.
import path from 'node:path';
import { visibleUntrusted } from '../../../shared/untrusted-text';

const MAX_LENGTH = 300;

export function oneLine(text: string, root: string): string {
  const first = text.split('\n').find((l) => l.trim()) ?? '';
  const line = first
    .split(root + path.sep)
    .join('')
    .split(root)
    .join('.')
    .trim();
  const shown = line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH)}…` : line;
  return visibleUntrusted(shown);
}
