// The diagnostics a shell hands to its tools: the service behind DiagnosticsPort,
// made by the shell's factory (createDiagnosticsService at merge; a fake in tests), plus what
// the wiring adds around any implementation: Settings read fresh on every check (off, the
// per-language switches, the live deadline), the service started lazily and restarted when
// the language switches change, a deadline that holds even if the service overruns it, the
// memory of proposals held back once, and the count of checks under way (`idle`).
// Contract: checkChange never throws; a failure is `not_checked` with the reason in words.
import type { DiagnosticsSettings } from '../../../shared/diagnostics-settings';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { durationText } from '../../../shared/evidence-summary';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type {
  CheckOptions,
  DiagnosticsMemory,
  DiagnosticsPort,
  ProjectDiagnostics as ProjectDiagnosticsResult,
  ProposedFileChange,
} from './diagnostics-port';
import { HeldBackProposals } from './held-back-proposals';
import { countedCheck, countedProjectCheck, createChecksUnderWay } from './checks-under-way';

export interface DiagnosticsFactoryOptions {
  /** The project root (realpath), on disk. */
  readonly root: string;
  readonly symbolIndex?: SymbolIndexPort | undefined;
  readonly settings: DiagnosticsSettings;
}

/** How a shell makes the service; `createDiagnosticsService` has this shape. */
export type CreateDiagnostics = (options: DiagnosticsFactoryOptions) => DiagnosticsPort;

export interface ProjectDiagnostics extends DiagnosticsPort {
  /** The live deadline from Settings, read now. */
  liveDeadlineMs(): number;
  /** Proposals a live edit returned to the model once, per conversation. */
  readonly heldBack: HeldBackProposals;
  /** Starts the service and its warm checkers now (the project opened); never waits. */
  warm(): void;
  /** The file watcher saw these files change (project-relative): see DiagnosticsPort. */
  diskChanged(paths: readonly string[]): void;
  /**
   * Settles once no check is under way (each counts until its final answer or its cancel):
   * work that can wait asks the checker only then, behind nobody and in front of nobody.
   */
  idle(): Promise<void>;
}

export interface ProjectDiagnosticsDeps {
  readonly root: string;
  readonly symbolIndex?: SymbolIndexPort | undefined;
  readonly settings: () => DiagnosticsSettings;
  readonly create: CreateDiagnostics;
  /** Reported when an old service fails to stop (a background failure, nobody to answer). */
  readonly onBackgroundError?: (error: unknown) => void;
  readonly now?: () => number;
}

/** Past the deadline the service gets this much more before the wiring answers for it. */
export const DEADLINE_GRACE_MS = 1000;

export function notCheckedEvidence(reason: string, now: number = Date.now()): ProposalEvidence {
  return {
    state: 'not_checked',
    ms: 0,
    reason,
    introduced: [],
    fixed: [],
    languages: [],
    checkedAt: new Date(now).toISOString(),
    baseHashes: {},
  };
}

/** What the wiring answers for a service that overran its deadline and the grace after it. */
function overrunAnswer(
  deadlineMs: number,
  started: number,
  now: () => number,
): { answer: Promise<ProposalEvidence>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const answer = new Promise<ProposalEvidence>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          ...notCheckedEvidence('', now()),
          state: 'timed_out',
          ms: now() - started,
          reason: `the check did not answer within ${durationText(deadlineMs)}`,
        }),
      deadlineMs + DEADLINE_GRACE_MS,
    );
  });
  return { answer, cancel: () => clearTimeout(timer) };
}

export function createProjectDiagnostics(deps: ProjectDiagnosticsDeps): ProjectDiagnostics {
  const now = deps.now ?? Date.now;
  let current: { port: DiagnosticsPort; languagesKey: string } | null = null;
  const heldBack = new HeldBackProposals();
  const underWay = createChecksUnderWay();

  const stop = (port: DiagnosticsPort): Promise<void> =>
    port.dispose().catch((error: unknown) => deps.onBackgroundError?.(error));

  const portFor = (settings: DiagnosticsSettings): DiagnosticsPort => {
    // The ceilings are fixed when a service starts: a change in Settings restarts it too.
    const languagesKey = JSON.stringify([
      settings.languages,
      settings.checkerMemoryMb,
      settings.checkerCpuSeconds,
      settings.checkerCeilingSeconds,
    ]);
    if (current && current.languagesKey === languagesKey) return current.port;
    // A switched language must stop (or start) its service: the old one is stopped whole.
    if (current) void stop(current.port);
    current = {
      port: deps.create({
        root: deps.root,
        ...(deps.symbolIndex ? { symbolIndex: deps.symbolIndex } : {}),
        settings,
      }),
      languagesKey,
    };
    return current.port;
  };

  const checkChange = async (
    changes: readonly ProposedFileChange[],
    options: CheckOptions = {},
  ): Promise<ProposalEvidence> => {
    const settings = deps.settings();
    if (!settings.enabled) return notCheckedEvidence('checks are switched off in Settings', now());
    const deadlineMs = options.deadlineMs ?? settings.liveDeadlineMs;
    const started = now();
    let answered = false;
    let late: ProposalEvidence | null = null;
    const onLateResult = (evidence: ProposalEvidence): void => {
      if (answered) options.onLateResult?.(evidence);
      else late = evidence;
    };
    const overran = overrunAnswer(deadlineMs, started, now);
    const checked = (async (): Promise<ProposalEvidence> => {
      try {
        return await portFor(settings).checkChange(changes, {
          deadlineMs,
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.changedFilesFirstAfterMs !== undefined
            ? { changedFilesFirstAfterMs: options.changedFilesFirstAfterMs }
            : {}),
          ...(options.onLateProgress
            ? {
                onLateProgress: (evidence: ProposalEvidence) => {
                  if (answered) options.onLateProgress?.(evidence);
                },
              }
            : {}),
          onLateResult,
        });
      } catch (error) {
        return notCheckedEvidence(
          `the check failed: ${error instanceof Error ? error.message : String(error)}`,
          now(),
        );
      }
    })();
    const first = await Promise.race([
      checked.then((evidence) => ({ evidence, fromService: true })),
      overran.answer.then((evidence) => ({ evidence, fromService: false })),
    ]);
    overran.cancel();
    answered = true;
    if (!first.fromService) {
      // The service overran even its own deadline: its answer, when it comes, is the late one.
      void checked.then((evidence) => options.onLateResult?.(evidence));
    } else if (late) {
      options.onLateResult?.(late);
    }
    return first.evidence;
  };

  return {
    heldBack,
    liveDeadlineMs: () => deps.settings().liveDeadlineMs,
    checkChange: (changes, options = {}) =>
      countedCheck(underWay, deps.settings(), options, (counted) => checkChange(changes, counted)),
    projectDiagnostics(options): Promise<ProjectDiagnosticsResult> {
      const settings = deps.settings();
      return countedProjectCheck(underWay, settings, options, () =>
        portFor(settings).projectDiagnostics(options),
      );
    },
    memory(): DiagnosticsMemory {
      return current ? current.port.memory() : { services: [] };
    },
    warm() {
      const settings = deps.settings();
      if (settings.enabled) void portFor(settings).warm?.();
    },
    diskChanged(paths) {
      // Only a running service has a disk side to bring up to date.
      current?.port.diskChanged?.(paths);
    },
    idle: () => underWay.idle(),
    async dispose() {
      const port = current?.port;
      current = null;
      if (port) await stop(port);
    },
  };
}
