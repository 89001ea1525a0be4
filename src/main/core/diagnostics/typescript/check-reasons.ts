// What the 5.x/6.x checker says beside its errors, in TypeScript's words: checked with the
// default options (no tsconfig.json), the configurations' problems, the files it was not
// allowed to read; and why a program TypeScript cannot check through (a reference cycle,
// TS6305/TS6306, a config that does not parse) is `not_checked`, never "no errors".
// Runs inside the TypeScript check worker.
import type { DiagnosticList } from './diagnostic-list';
import type { CheckerFileReads } from './file-reads';
import type { ConfigError } from './project-configs';

export const JS_NOT_CHECKED = 'JavaScript files are not type-checked (no checkJs or // @ts-check)';
/** Said beside the errors of a project with no config at its root, whichever compiler checked. */
export const DEFAULT_OPTIONS_USED = 'no tsconfig.json: checked with default compiler options';

export interface CheckReasons {
  /** The reason said beside checked errors, with `extra` problems; undefined when none. */
  reasonOf(extra: readonly ConfigError[]): string | undefined;
  /** The outcome of a check that fatal configuration problems stopped. */
  notChecked(
    fatal: readonly ConfigError[],
    filesChecked?: number,
  ): { state: 'not_checked'; reason: string; filesChecked: number };
}

export function createCheckReasons(
  list: DiagnosticList,
  reads: CheckerFileReads,
  configs: { usedDefaults(): boolean; configErrors(): readonly ConfigError[] },
): CheckReasons {
  const uniqueWords = (errors: readonly ConfigError[]): string[] => [
    ...new Set(errors.map((e) => list.words(e))),
  ];
  return {
    reasonOf(extra) {
      const refused = reads.refusals();
      const words = [
        configs.usedDefaults() ? DEFAULT_OPTIONS_USED : '',
        ...uniqueWords([...configs.configErrors().filter((e) => !extra.includes(e)), ...extra]),
        refused.length
          ? `not read: ${refused
              .slice(0, 5)
              .map((r) => `${r.path} (${r.why})`)
              .join(', ')}${refused.length > 5 ? ` and ${refused.length - 5} more` : ''}`
          : '',
      ];
      return words.filter(Boolean).join('; ') || undefined;
    },
    notChecked(fatal, filesChecked = 0) {
      return {
        state: 'not_checked' as const,
        reason: uniqueWords(fatal).slice(0, 3).join('; '),
        filesChecked,
      };
    },
  };
}
