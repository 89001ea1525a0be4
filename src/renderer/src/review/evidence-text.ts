// The words of the evidence panel, kept apart from the markup so the review modal,
// the inbox and the tests read the same sentences: the summary heading, the state line, and
// which introduced errors fall inside a hunk's new lines.
import type { Hunk } from '../../../shared/approvals';
import type { Diagnostic, LanguageEvidence, ProposalEvidence } from '../../../shared/diagnostics';
import { changedFilesOnly } from '../../../shared/evidence-summary';
import { missingCase } from '../../../shared/missing-case';

export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** 420 → "420 ms", 3000 → "3 s", 2450 → "2.5 s". */
export function duration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = Math.round(ms / 100) / 10;
  return `${Number.isInteger(seconds) ? seconds.toFixed(0) : seconds.toFixed(1)} s`;
}

/** "This change introduces 2 errors · fixes 1", "No new errors", "No new errors · fixes 3". */
function counts(evidence: ProposalEvidence): string {
  const introduced = evidence.introduced.length;
  const fixed = evidence.fixed.length;
  const head =
    introduced === 0 ? 'No new errors' : `This change introduces ${countOf(introduced, 'error')}`;
  return fixed === 0 ? head : `${head} · fixes ${fixed}`;
}

/** The panel's heading: what the check found, or that it has nothing to say yet. */
export function evidenceHeading(evidence: ProposalEvidence): string {
  switch (evidence.state) {
    case 'checking':
      if (changedFilesOnly(evidence)) return `${counts(evidence)} in the changed files so far`;
      return evidence.introduced.length > 0 ? `${counts(evidence)} so far` : 'Checking for errors…';
    case 'checked':
      return counts(evidence);
    case 'not_checked':
      return 'Not checked for errors';
    case 'timed_out':
      return evidence.introduced.length > 0 || evidence.fixed.length > 0
        ? `${counts(evidence)} (found before the deadline)`
        : 'No errors found before the deadline';
    default:
      return missingCase(evidence.state);
  }
}

/** The state line under the heading: how the check went, and what the person can do. */
export function evidenceStateLine(evidence: ProposalEvidence): string {
  switch (evidence.state) {
    case 'checking':
      return changedFilesOnly(evidence)
        ? `Changed files checked in ${duration(evidence.ms)}; still checking the files that import them. You can approve or reject without waiting for it.`
        : 'You can approve or reject without waiting for it.';
    case 'checked':
      return `Checked in ${duration(evidence.ms)}`;
    case 'not_checked':
      return `Not checked: ${evidence.reason?.trim() || notCheckedReasons(evidence.languages) || 'no checker is available for these files'}`;
    case 'timed_out':
      return `Timed out after ${duration(evidence.ms)} — approve or reject without it`;
    default:
      return missingCase(evidence.state);
  }
}

function notCheckedReasons(languages: readonly LanguageEvidence[]): string {
  return languages
    .filter((language) => language.state === 'not_checked' && language.reason)
    .map((language) => language.reason)
    .join('; ');
}

/**
 * The languages that were not fully checked when the whole check was (a change touching Go and
 * TypeScript with no Go toolchain): "Go: not checked — no Go toolchain found".
 */
export function languageNotes(evidence: ProposalEvidence): string[] {
  if (evidence.state === 'not_checked') return [];
  // What a checked language left out is said whatever the number of languages.
  const checked = evidence.languages
    .filter((language) => language.state === 'checked' && language.reason)
    .map((language) => `${languageName(language.language)}: ${language.reason ?? ''}`);
  if (evidence.languages.length < 2) return checked;
  return [
    ...evidence.languages
      .filter((language) => language.state === 'not_checked' || language.state === 'timed_out')
      .map(
        (language) =>
          `${languageName(language.language)}: ${language.state === 'timed_out' ? 'timed out' : 'not checked'}${language.reason ? ` — ${language.reason}` : ''}`,
      ),
    ...checked,
  ];
}

const LANGUAGE_NAMES: Record<string, string> = {
  typescript: 'TypeScript/JavaScript',
  python: 'Python',
  go: 'Go',
  rust: 'Rust',
  java: 'Java',
};

export function languageName(language: string): string {
  return LANGUAGE_NAMES[language] ?? language;
}

/** The introduced errors of `path` whose line is one of the hunk's new (right-hand) lines. */
export function errorsInHunk(
  hunk: Hunk,
  path: string,
  introduced: readonly Diagnostic[],
): Diagnostic[] {
  if (hunk.newLines <= 0) return [];
  const first = hunk.newStart;
  const last = hunk.newStart + hunk.newLines - 1;
  return introduced.filter(
    (error) => error.path === path && error.line >= first && error.line <= last,
  );
}

/** "Line 14: Cannot find name 'x'." as a hunk shows it. */
export function hunkErrorText(error: Diagnostic): string {
  return `Line ${error.line}: ${error.message}`;
}
