// What a shell hands the app's services (the Electron app, `sluice serve`), and the open
// project they serve: the one engine every shell opens.
import type { CreateDiagnostics } from '../diagnostics/project-diagnostics';
import type { SymbolIndex } from '../index/symbol-index';
import type { ProjectEngine } from '../project/open-project-engine';
import type { WritableDb } from '../store/database-handles';
import type { CreateTests } from '../test-runs/shell-tests';
import type { ToolDefinition } from '../tools/tool';
import type { SluiceEmit } from './event-emitter';
import type { FolderPicker } from './project-handlers';
import type { SecretStore } from './secret-store';
import type { ExternalOpener } from './settings-handlers';
/** The open project in the app: the one engine every shell opens. */
export type ProjectContext = ProjectEngine<SymbolIndex>;

export interface AppServicesDeps {
  readonly db: WritableDb;
  /** SLUICE_HOME: per-project index databases live here. */
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly secrets: SecretStore;
  readonly pickFolder: FolderPicker;
  readonly openExternal: ExternalOpener;
  readonly emit: SluiceEmit;
  /** A failure with no caller to answer (a background index refresh, a turn's pump). */
  readonly onBackgroundError: (error: unknown) => void;
  /** Tests: a fixed tool set; default the full registry. */
  readonly createTools?: () => ToolDefinition[];
  /** better-sqlite3's Electron-ABI build for the index databases (the app DB is opened by the shell). */
  readonly nativeBinding?: string;
  /** Tests: keep the index in memory (null) instead of under `home`. */
  readonly indexHome?: string | null;
  /**
   * Makes the diagnostics service of an opened project: `createDiagnosticsService`
   * in the app; absent → nothing is checked and reviews carry no evidence.
   */
  readonly createDiagnostics?: CreateDiagnostics;
  /**
   * Makes the test runs of an opened project: `shellCreateTests` in the app;
   * absent → no test runs before approval.
   */
  readonly createTests?: CreateTests;
}
