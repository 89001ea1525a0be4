// The diagnostics service every shell uses (the app, `sluice serve`, the CLI verbs, `sluice
// mcp`): the real service (`createDiagnosticsService`), with the person's Settings mapped onto
// its options. The wiring (project-diagnostics.ts) restarts the service when a language switch
// changes and answers "off" itself before the service is asked; tests inject their own factory
// through each shell's `createDiagnostics` option.
import { checkerLimits } from '../confinement/confined-limits';
import { createDiagnosticsService } from './diagnostics-service';
import type { CreateDiagnostics } from './project-diagnostics';

export const shellCreateDiagnostics: CreateDiagnostics = ({ root, symbolIndex, settings }) =>
  createDiagnosticsService({
    root,
    ...(symbolIndex ? { symbolIndex } : {}),
    settings: {
      enabled: settings.languages,
      deadlineMs: settings.liveDeadlineMs,
      ceilingMs: settings.checkerCeilingSeconds * 1000,
      checkerLimits: checkerLimits(settings),
    },
  });
