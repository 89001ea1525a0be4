// Evidence before approval: the errors a proposed change would introduce and the
// ones it would fix, found by the language's own checker over the proposed text before
// anything is written. These shapes cross the contract (review modal, inbox), the CLI's
// `--json` output and the change-set store, so they are zod schemas.
import { z } from 'zod';
import { hooksEvidenceSchema } from './hooks-evidence';
import { testVerdictSchema } from './test-verdict';

/** One error as the person and the model read it. Only errors count; warnings are dropped. */
export const diagnosticSchema = z.object({
  /** Project-relative, forward slashes. */
  path: z.string(),
  /** 1-based line and column: in the proposed text for an introduced error, on disk for a fixed one. */
  line: z.number(),
  column: z.number(),
  /** The checker's code: "TS2305", "reportAttributeAccessIssue", "go"; "" when it gives none. */
  code: z.string(),
  message: z.string(),
  /** The text of the line the error is on (trimmed), part of the error's identity. */
  lineText: z.string(),
  /** Which checker said it: typescript, pyright, go, rustc, javac. */
  source: z.string(),
});
export type Diagnostic = z.infer<typeof diagnosticSchema>;

export const evidenceStateSchema = z.enum(['checking', 'checked', 'not_checked', 'timed_out']);
export type EvidenceState = z.infer<typeof evidenceStateSchema>;

/** What happened for one language the change touches (a change may touch several). */
export const languageEvidenceSchema = z.object({
  /** typescript (also JavaScript), python, go, rust, java. */
  language: z.string(),
  state: evidenceStateSchema,
  /** Why not checked / what timed out, in words for a person: "no Go toolchain found". */
  reason: z.string().optional(),
  /** How many files were checked (the changed ones and those whose errors can change). */
  filesChecked: z.number(),
  ms: z.number(),
  /** Which checker answered, for a person: "TypeScript 6.0.3, the project's". */
  checker: z.string().optional(),
});
export type LanguageEvidence = z.infer<typeof languageEvidenceSchema>;

export const proposalEvidenceSchema = z.object({
  /**
   * The whole check: `checked` when every language was checked, `timed_out` when any ran
   * past the deadline, `not_checked` when none could be checked, `checking` while running.
   */
  state: evidenceStateSchema,
  /** Wall time of the check so far, in milliseconds. */
  ms: z.number(),
  /** A summary reason for a person when the state is not `checked`. */
  reason: z.string().optional(),
  introduced: z.array(diagnosticSchema),
  fixed: z.array(diagnosticSchema),
  languages: z.array(languageEvidenceSchema),
  /** When the check was made (ISO time), and over which base: sha256 per changed path. */
  checkedAt: z.string(),
  baseHashes: z.record(z.string(), z.string()),
  /**
   * The tests the change affects, run on the proposed text; absent when no test
   * run was attempted (an older record, or a shell without test runs).
   */
  tests: testVerdictSchema.optional(),
  /**
   * What the person's PreToolUse hooks on the write tool said of the proposed text, run in a
   * private copy; absent when no hook matches (or an older record).
   */
  hooks: hooksEvidenceSchema.optional(),
});
export type ProposalEvidence = z.infer<typeof proposalEvidenceSchema>;

/** Every part of the evidence is in: no error check, test run or hook is still going. */
export function isCompleteEvidence(evidence: ProposalEvidence): boolean {
  const tests = evidence.tests?.state;
  return (
    evidence.state !== 'checking' &&
    evidence.state !== 'timed_out' &&
    tests !== 'selecting' &&
    tests !== 'running' &&
    tests !== 'timed_out' &&
    evidence.hooks?.state !== 'running'
  );
}
