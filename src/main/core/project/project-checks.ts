// The checks behind evidence for one open project: the diagnostics service (the person's
// Settings read fresh on every check), the test runs before approval and the person's hooks on
// the proposed text. Every shell gets
// them here; a shell that passes null for one runs without it (tests), undefined takes the
// shell's real one. dispose() stops every language service and test run, and waits for a
// background baseline under way to end.
import {
  DEFAULT_DIAGNOSTICS_SETTINGS,
  mergeDiagnosticsSettings,
  type DiagnosticsSettings,
} from '../../../shared/diagnostics-settings';
import {
  createProjectDiagnostics,
  type CreateDiagnostics,
  type ProjectDiagnostics,
} from '../diagnostics/project-diagnostics';
import { shellCreateDiagnostics } from '../diagnostics/shell-diagnostics';
import { SelectionEvidence } from '../evidence/selection-evidence';
import { LikelySelections } from '../evidence/likely-selections';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { WritableDb } from '../store/database-handles';
import { createSettingsRepository, type SettingsRepository } from '../store/settings-repository';
import { shellCreateTests, type CreateTests } from '../test-runs/shell-tests';
import type { ProjectHooks } from '../hooks/hooks-port';
import type { CommandRule } from '../../../shared/command-approvals';
import { personHookPolicy } from '../hooks/person-hook-policy';
import { createProposalHooks, type ProposalHooks } from '../hooks/proposal-hooks';

export interface ProjectChecksDeps {
  readonly db: WritableDb;
  readonly root: string;
  readonly projectId: string;
  /** SLUICE_HOME: test copies are made under it and hidden from the tests. */
  readonly home: string;
  readonly symbolIndex?: SymbolIndexPort | undefined;
  /** undefined: the shell's real service; null: nothing is checked. */
  readonly createDiagnostics?: CreateDiagnostics | null | undefined;
  /** undefined: the shell's real test runs; null: no tests before approval. */
  readonly createTests?: CreateTests | null | undefined;
  /** Default: read from the app DB on every check. */
  readonly diagnosticsSettings?: () => DiagnosticsSettings;
  /** The engine's hooks: their PreToolUse hooks on write tools run on proposals; absent: none. */
  readonly hooks?:
    | (Pick<ProjectHooks, 'proposalHooks'> & Partial<Pick<ProjectHooks, 'recordProposalRun'>>)
    | undefined;
  /** The person's command rules: a deny refuses one of their hooks' command lines. */
  readonly commandRules?: (() => readonly CommandRule[]) | undefined;
  readonly onBackgroundError?: (error: unknown) => void;
}

export interface ProjectChecks {
  readonly diagnostics: ProjectDiagnostics | undefined;
  readonly testRuns: ReturnType<CreateTests> | undefined;
  /** The hooks' part of every proposal's evidence (absent without the engine's hooks). */
  readonly proposalHooks?: ProposalHooks | undefined;
  /** What a decision other than the proposal would write, checked before it is made. */
  readonly selection: SelectionEvidence;
  /** The selections a person is likely to make of a waiting proposal, checked while they read. */
  readonly likelySelections: LikelySelections;
  dispose(): Promise<void>;
}

export function openProjectChecks(deps: ProjectChecksDeps): ProjectChecks {
  const repository = createSettingsRepository(deps.db);
  const create =
    deps.createDiagnostics === undefined ? shellCreateDiagnostics : deps.createDiagnostics;
  const diagnostics = create
    ? createProjectDiagnostics({
        root: deps.root,
        symbolIndex: deps.symbolIndex,
        settings: deps.diagnosticsSettings ?? (() => readDiagnosticsSettings(repository)),
        create,
        ...(deps.onBackgroundError ? { onBackgroundError: deps.onBackgroundError } : {}),
      })
    : undefined;
  const createTests = deps.createTests === undefined ? shellCreateTests : deps.createTests;
  const testRuns = createTests?.({
    root: deps.root,
    projectId: deps.projectId,
    home: deps.home,
    settings: repository,
    ...(deps.symbolIndex ? { symbolIndex: deps.symbolIndex } : {}),
  });
  const proposalHooks = deps.hooks
    ? createProposalHooks({
        hooks: deps.hooks,
        root: deps.root,
        home: deps.home,
        // Proposal hooks run offline whatever the network rules say (decision 0048).
        personPolicy: personHookPolicy({
          root: deps.root,
          sandboxed: true,
          commandRules: deps.commandRules ?? (() => []),
          networkRules: () => [],
        }),
      })
    : undefined;
  const selection = new SelectionEvidence({
    diagnostics,
    tests: testRuns?.tests,
    hooks: proposalHooks,
  });
  const likelySelections = new LikelySelections({ selection, diagnostics });
  return {
    diagnostics,
    testRuns,
    proposalHooks,
    selection,
    likelySelections,
    async dispose() {
      // First, so a background baseline under way stops while the checkers close.
      testRuns?.service.dispose();
      likelySelections.dispose();
      selection.dispose();
      proposalHooks?.dispose();
      try {
        await diagnostics?.dispose();
      } finally {
        // Every run's processes are gone and its copy removed once it settles: a verb that
        // returns leaves nothing running, nor a run's end to be told after it.
        await Promise.all([testRuns?.service.settled(), proposalHooks?.settled()]);
      }
    },
  };
}

/** The diagnostics settings straight from the store, defaults filled in. */
export function readDiagnosticsSettings(repository: SettingsRepository): DiagnosticsSettings {
  return mergeDiagnosticsSettings(
    DEFAULT_DIAGNOSTICS_SETTINGS,
    repository.read().settings.diagnostics,
  );
}
