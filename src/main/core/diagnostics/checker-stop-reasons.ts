// Why a language's evidence has no full answer though its checker exists, in the person's
// words: the language is turned off in Settings, its checker overran the hard ceiling and was
// stopped, or the checker failed.
import { formatSeconds } from './evidence-assembly';
import { languageLabel, type DiagnosticsLanguage } from './language-checker';

export function turnedOffReason(language: DiagnosticsLanguage): string {
  return `${languageLabel(language)} checking is turned off in Settings`;
}

export function stoppedReason(language: DiagnosticsLanguage, ms: number): string {
  return `${languageLabel(language)}'s checker did not answer within ${formatSeconds(ms)}: it was stopped, and starts again on the next check`;
}

export function checkerFailedReason(error: unknown): string {
  return `the checker failed: ${error instanceof Error ? error.message : String(error)}`;
}
