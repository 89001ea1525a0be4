// Evidence on a terminal: under a diff in the review prompt, in `proposal show` and
// before a set's review: the headline ("This change introduces 2 errors · fixes 1"), then
// each error as `file:line  message`. Everything in it came from a checker reading the
// project's files (paths, messages): made visible before it reaches the terminal, so a
// message cannot carry escape sequences or hide words.
import type { Diagnostic, ProposalEvidence } from '../shared/diagnostics';
import { checkedLanguageNotes, evidenceHeadline } from '../shared/evidence-summary';
import { visibleUntrusted } from '../shared/untrusted-text';
import { renderTestVerdict } from './test-verdict-lines';
import { renderHooksEvidence } from './hooks-evidence-lines';

/** Errors listed per kind (introduced, fixed); the rest are counted. */
export const TERMINAL_LISTED = 20;

const oneLine = (text: string): string => visibleUntrusted(text.replace(/\s+/gu, ' ').trim());

function listed(diagnostics: readonly Diagnostic[]): string[] {
  const lines = diagnostics
    .slice(0, TERMINAL_LISTED)
    .map((d) => `  ${oneLine(`${d.path}:${d.line}`)}  ${oneLine(d.message)}`);
  if (diagnostics.length > TERMINAL_LISTED)
    lines.push(`  and ${diagnostics.length - TERMINAL_LISTED} more`);
  return lines;
}

export function renderEvidence(evidence: ProposalEvidence, color: boolean): string {
  const red = (s: string): string => (color ? `\u001b[31m${s}\u001b[39m` : s);
  const green = (s: string): string => (color ? `\u001b[32m${s}\u001b[39m` : s);
  const headline = oneLine(evidenceHeadline(evidence));
  const lines = [evidence.introduced.length ? red(headline) : headline];
  lines.push(...listed(evidence.introduced));
  if (evidence.fixed.length) lines.push(green('Fixed:'), ...listed(evidence.fixed));
  // One language's state is the headline's; with several, each that was not checked says why.
  for (const language of evidence.languages.length > 1 ? evidence.languages : [])
    // A language still checking the importers is what the headline says already.
    if (language.state !== 'checked' && language.state !== 'checking')
      lines.push(
        `  ${oneLine(language.language)}: ${language.state.replace('_', ' ')}${
          language.reason ? ` (${oneLine(language.reason)})` : ''
        }`,
      );
  // What a checked language left out, whatever their number.
  for (const note of checkedLanguageNotes(evidence)) lines.push(`  ${oneLine(note)}`);
  if (evidence.tests) lines.push(...renderTestVerdict(evidence.tests, color));
  if (evidence.hooks) lines.push(...renderHooksEvidence(evidence.hooks, color));
  return `${lines.join('\n')}\n`;
}
