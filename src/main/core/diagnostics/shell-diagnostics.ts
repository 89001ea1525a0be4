// The diagnostics service every shell uses (the app, `sluice serve`, the CLI verbs, `sluice
// mcp`): the one line where the real service is plugged in. Until it is (issue 24's engine:
// `createDiagnosticsService` in this folder), nothing is checked and reviews carry no
// evidence; tests inject their own factory through each shell's `createDiagnostics` option.
// Plugging it in maps the person's Settings onto the service's own options, e.g.
//   ({ root, symbolIndex, settings }) => createDiagnosticsService({ root,
//     ...(symbolIndex ? { symbolIndex } : {}),
//     settings: { enabled: settings.languages, deadlineMs: settings.liveDeadlineMs } })
// (the wiring restarts the service when a language switch changes; `enabled` off is handled
// before the service is asked).
import type { CreateDiagnostics } from './project-diagnostics';

export const shellCreateDiagnostics: CreateDiagnostics | undefined = undefined;
