// The hooks' part of the evidence on a terminal, under the errors and the tests in the review
// prompt, `proposal show` and a set's review: the shared line ("Hooks: eslint — 2 problems"),
// then each hook with news, its command and its first lines of output. Commands and output come
// from the person's or the project's hooks: made visible before they reach the terminal (no
// escape sequences, no hidden words).
import type { HooksEvidence } from '../shared/hooks-evidence';
import {
  hookLabel,
  hookOutputLines,
  hookRunsWithNews,
  hookRunWords,
  hooksEvidenceLine,
} from '../shared/hooks-evidence-text';
import { visibleUntrusted } from '../shared/untrusted-text';

/** Hooks listed with output, and lines of each. */
export const TERMINAL_HOOKS = 5;
const OUTPUT_LINES = 8;

const oneLine = (text: string): string => visibleUntrusted(text.replace(/\s+/gu, ' ').trim());

export function renderHooksEvidence(hooks: HooksEvidence, color: boolean): string[] {
  const red = (s: string): string => (color ? `\u001b[31m${s}\u001b[39m` : s);
  const line = oneLine(hooksEvidenceLine(hooks));
  const bad = hooks.state === 'blocked' || hooks.state === 'failed' || hooks.state === 'timed_out';
  const lines = [bad ? red(line) : line];
  const news = hookRunsWithNews(hooks);
  for (const run of news.slice(0, TERMINAL_HOOKS)) {
    const whose = run.source === 'person' ? 'your hook' : "the project's hook";
    lines.push(`  ${red(oneLine(hookLabel(run.command)))} ${oneLine(hookRunWords(run))}`);
    lines.push(`      ${whose}: ${oneLine(run.command)}`);
    for (const output of hookOutputLines(run, OUTPUT_LINES))
      lines.push(`      ${visibleUntrusted(output)}`);
  }
  if (news.length > TERMINAL_HOOKS) lines.push(`  and ${news.length - TERMINAL_HOOKS} more hooks`);
  return lines;
}
