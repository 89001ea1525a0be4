// Evidence in words: the one headline and the per-error lines that every review
// shows (CLI review, `proposal show`, the model's tool results), so they read the same
// everywhere. Plain text: callers escape it for their medium (terminal, HTML).
import type { Diagnostic, ProposalEvidence } from './diagnostics';
import { missingCase } from './missing-case';
import { plural } from './plural';

/** "120 ms", "3 s", "2.5 s". */
export function durationText(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms)} ms`;
}

/**
 * The languages of a checked change that were not checked (another was), as
 * "Go: no sandbox on this machine; …", or null when every one was checked. "No new errors"
 * is only ever said about what a checker actually checked.
 */
export function uncheckedLanguages(evidence: ProposalEvidence): string | null {
  const missing = evidence.languages.filter((l) => l.state !== 'checked');
  if (!missing.length) return null;
  return missing.map((l) => `${l.language}: ${l.reason ?? l.state}`).join('; ');
}

/**
 * What a language that was checked says it left out or could not read (pyright's "the files
 * that import a created module were not checked against it", files not read under
 * read_file's rules, the person's Python hidden from the checker), as "python: …" parts.
 * Shown with the evidence everywhere, so a check is never taken for more than it was.
 */
export function checkedLanguageNotes(evidence: ProposalEvidence): string[] {
  return evidence.languages
    .filter((l) => l.state === 'checked' && l.reason)
    .map((l) => `${l.language}: ${l.reason ?? ''}`);
}

/**
 * Whether the evidence so far is the changed files' (a check still going on the files that
 * import them): then "no new errors" is said of the changed files only.
 */
export function changedFilesOnly(evidence: ProposalEvidence): boolean {
  return (
    evidence.state === 'checking' &&
    evidence.languages.some((l) => l.state === 'checking' && l.filesChecked > 0)
  );
}

/**
 * A timed-out check's reason without what the headline already says: "TypeScript: timed out
 * after 3 s" goes, "TypeScript: timed out after 3 s: the changed files were checked, …" keeps
 * its news, any other reason stays as it is.
 */
function timedOutDetail(reason: string | undefined): string {
  if (!reason) return '';
  return reason
    .split('; ')
    .map((part) => {
      const plain = /^([^:]+): timed out after [\d.]+ m?s(?:: (.*))?$/su.exec(part);
      if (!plain) return part;
      return plain[2] ? `${plain[1]}: ${plain[2]}` : '';
    })
    .filter(Boolean)
    .join('; ');
}

/** "This change introduces 2 errors · fixes 1", or what kept it from being checked. */
export function evidenceHeadline(evidence: ProposalEvidence): string {
  const unchecked = uncheckedLanguages(evidence);
  const counts = (): string => {
    const parts = [
      evidence.introduced.length
        ? `This change introduces ${plural(evidence.introduced.length, 'error')}`
        : unchecked
          ? 'No new errors in what was checked'
          : 'This change introduces no new errors',
    ];
    if (evidence.fixed.length) parts.push(`fixes ${evidence.fixed.length}`);
    return parts.join(' · ');
  };
  switch (evidence.state) {
    case 'checked':
      return `${counts()} (checked in ${durationText(evidence.ms)})${unchecked ? `; not checked: ${unchecked}` : ''}`;
    case 'timed_out': {
      const detail = timedOutDetail(evidence.reason);
      return `Check timed out after ${durationText(evidence.ms)}${detail ? ` (${detail})` : ''}${
        evidence.introduced.length || evidence.fixed.length ? `; so far: ${counts()}` : ''
      }`;
    }
    case 'not_checked':
      return `Not checked: ${evidence.reason ?? 'no checker for these files'}`;
    case 'checking':
      return changedFilesOnly(evidence)
        ? `${
            evidence.introduced.length
              ? `This change introduces ${plural(evidence.introduced.length, 'error')} in the changed files`
              : 'No new errors in the changed files'
          }${evidence.fixed.length ? ` · fixes ${evidence.fixed.length}` : ''} (checked in ${durationText(evidence.ms)}); the files that import them are still being checked`
        : 'Checking…';
    default:
      return missingCase(evidence.state);
  }
}

/**
 * A checker's message on one line: its lines (pyright's and TypeScript's elaborations) kept
 * apart by "; " where a line does not end a sentence itself, so they do not run together.
 */
export function messageOnOneLine(message: string): string {
  const lines = message
    .split('\n')
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter(Boolean);
  return lines.reduce(
    (joined, line) => (joined ? `${joined}${/[.:;!?]$/u.test(joined) ? ' ' : '; '}${line}` : line),
    '',
  );
}

/** `file:line: message` of one error, its message on one line and bounded. */
export function diagnosticLine(diagnostic: Diagnostic, maxMessage = 300): string {
  const message = messageOnOneLine(diagnostic.message);
  const short = message.length > maxMessage ? `${message.slice(0, maxMessage - 1)}…` : message;
  return `${diagnostic.path}:${diagnostic.line}: ${short}`;
}
