// The diagnostics service every shell uses (the app, `sluice serve`, the CLI verbs, `sluice
// mcp`): the one line where the real service is plugged in. Until it is (issue 24's engine:
// `createDiagnosticsService` in this folder), nothing is checked and reviews carry no
// evidence; tests inject their own factory through each shell's `createDiagnostics` option.
import type { CreateDiagnostics } from './project-diagnostics';

export const shellCreateDiagnostics: CreateDiagnostics | undefined = undefined;
