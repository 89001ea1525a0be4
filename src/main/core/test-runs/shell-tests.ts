// The one place a shell's test runs are made: the app, `sluice serve` and the CLI's
// write verbs pass this factory; tests pass their own or none (then nothing runs tests).
import { storedTestRunSettings } from './test-run-settings-store';
import { createTestRunService, type TestRunService } from './test-run-service';
import { projectTests, type ProjectTests } from './project-tests';
import type { SettingsRepository } from '../store/settings-repository';
import type { SymbolIndexPort } from '../index/symbol-index-port';

export interface CreateTestsArgs {
  readonly root: string;
  readonly projectId: string;
  /** SLUICE_HOME: copies are made under it and it is hidden from the tests. */
  readonly home: string;
  readonly settings: SettingsRepository;
  readonly symbolIndex?: SymbolIndexPort;
}

export type CreateTests = (args: CreateTestsArgs) => {
  readonly tests: ProjectTests;
  readonly service: TestRunService;
};

export const shellCreateTests: CreateTests = (args) => {
  const settings = storedTestRunSettings(args.settings, args.projectId);
  const index = args.symbolIndex;
  const service = createTestRunService({
    root: args.root,
    home: args.home,
    settings,
    ...(index
      ? {
          importersOf: (file: string) => {
            try {
              return index.findImporters(file).map((i) => i.path);
            } catch {
              return [];
            }
          },
        }
      : {}),
  });
  return { tests: projectTests(service, () => settings().liveDeadlineMs), service };
};
