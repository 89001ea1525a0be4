// The diagnostics a CLI verb checks with (issue 24): the shell's service (or a test's
// factory) behind the same wiring the app uses, with the person's Settings read from the app
// DB under SLUICE_HOME. The verb disposes it when it ends, which stops every language service.
import {
  createProjectDiagnostics,
  type CreateDiagnostics,
  type ProjectDiagnostics,
} from '../main/core/diagnostics/project-diagnostics';
import { shellCreateDiagnostics } from '../main/core/diagnostics/shell-diagnostics';
import type { SymbolIndexPort } from '../main/core/index/symbol-index-port';
import { readDiagnosticsSettings } from '../main/core/services/app-settings';
import type { WritableDb } from '../main/core/store/database-handles';
import { createSettingsRepository } from '../main/core/store/settings-repository';
import type { Workspace } from '../main/core/workspace/workspace';

export function openCliDiagnostics(args: {
  workspace: Workspace;
  db: WritableDb;
  create?: CreateDiagnostics | undefined;
  symbolIndex?: SymbolIndexPort | undefined;
  onBackgroundError?: (error: unknown) => void;
}): ProjectDiagnostics {
  const create = args.create ?? shellCreateDiagnostics;
  const repository = createSettingsRepository(args.db);
  return createProjectDiagnostics({
    root: args.workspace.root,
    symbolIndex: args.symbolIndex,
    settings: () => readDiagnosticsSettings(repository),
    create,
    ...(args.onBackgroundError ? { onBackgroundError: args.onBackgroundError } : {}),
  });
}
