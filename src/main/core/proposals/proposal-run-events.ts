// The events of a propose-mode run, as its caller consumes them, and how the run's end is
// recorded. The whole-run time limit and a stop asked from another process abort the turn; a
// run first waits for its place in the background queue. When the turn ends (or the consumer
// stops early) the set is finished with its status, summary and usage: a proposed set gets its
// final evidence and supersedes the set it refines; a failed one loses its private copy.
import type { AgentEvent, Usage } from '../../../shared/agent-events';
import type { ChangeSetStatus } from '../../../shared/change-sets';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { BACKGROUND_DEADLINE_MS } from '../../../shared/diagnostics-settings';
import { TEST_RUN_CEILING_MS } from '../../../shared/test-run-settings';
import { addUsage, ZERO_USAGE } from '../../../shared/usage';
import type { TurnOutcome } from '../agent/agent-loop';
import type { ConversationRunner, StartedTurn } from '../agent/conversation-runner';
import { filesEvidence } from '../evidence/files-evidence';
import type { LazySymbolIndex } from '../index/lazy-symbol-index';
import type { ChangeSetRepository, StoredChangeSet } from '../store/change-set-repository';
import type { BackgroundRun } from './background-run';
import type { ProposalOverlay } from './proposal-overlay';
import type { ProposalRunDeps } from './proposal-run-deps';

/** What recording a run's end takes from the run's deps. */
type RunEndDeps = Pick<
  ProposalRunDeps,
  'maxRounds' | 'diagnostics' | 'finalCheckDeadlineMs' | 'tests' | 'finalTestDeadlineMs' | 'hooks'
>;

/** A started propose-mode run: its set, its turn and what it holds open. */
export interface ProposalRun {
  readonly deps: RunEndDeps;
  readonly changeSets: ChangeSetRepository;
  readonly changeSetId: string;
  readonly overlay: ProposalOverlay;
  /** The set this run refines, superseded once this one is proposed. */
  readonly refined: StoredChangeSet | null;
  readonly runner: ConversationRunner;
  readonly started: StartedTurn;
  readonly background: BackgroundRun | null;
  /** The index of the disk under the overlay, closed with the run. */
  readonly disk: LazySymbolIndex;
  readonly timeoutMs: number;
  readonly flags: {
    /** The final check began: a late edit check no longer replaces the evidence. */
    finalCheckStarted: boolean;
    /** Stopped by the caller or from another process. */
    stopped: boolean;
  };
}

/** What the turn said and cost, gathered while its events pass by. */
interface TurnTally {
  usage: Usage;
  summary: string;
  outcome: TurnOutcome | undefined;
  crash: string | null;
}

interface RunLimits {
  timedOut: boolean;
  disarm(): void;
}

type RunEnd = { status: ChangeSetStatus; reason: string | null };

function endOf(
  outcome: TurnOutcome | undefined,
  timedOut: boolean,
  timeoutMs: number,
  maxRounds: number | undefined,
): RunEnd {
  if (!outcome) return { status: 'failed', reason: 'the run ended without an outcome' };
  switch (outcome.reason) {
    case 'end_turn':
      return { status: 'proposed', reason: null };
    case 'max_turns':
      return {
        status: 'failed',
        reason: `the run stopped at the round limit${maxRounds ? ` (${maxRounds})` : ''} before it finished`,
      };
    case 'aborted':
      return {
        status: 'failed',
        reason: timedOut
          ? `the run went past its time limit of ${Math.round(timeoutMs / 1000)} s and was stopped`
          : 'the run was stopped before it finished',
      };
    case 'error':
      return { status: 'failed', reason: outcome.message ?? 'the run failed' };
    default:
      return { status: 'failed', reason: 'the run ended in an unknown way' };
  }
}

/**
 * The set's evidence: its last check, over all its files against the disk it was made on,
 * with the longer deadline of a run nobody watches. A check that still overruns is stored
 * as timed out; its late result replaces it.
 */
async function storeFinalEvidence(run: ProposalRun): Promise<void> {
  const { deps, changeSets, changeSetId } = run;
  const files = run.overlay.list();
  if ((!deps.diagnostics && !deps.tests && !deps.hooks) || files.length === 0) return;
  run.flags.finalCheckStarted = true;
  // The latest of each part: a late checker result keeps the tests, a late test run the errors.
  const store = (evidence: ProposalEvidence): void => changeSets.setEvidence(changeSetId, evidence);
  const evidence = await filesEvidence(
    files.map((f) => ({ ...f, baseText: f.isNewFile ? null : f.baseText })),
    {
      diagnostics: deps.diagnostics,
      tests: deps.tests,
      hooks: deps.hooks,
      conversationId: run.started.conversationId,
      against: 'bases',
      deadlineMs: deps.finalCheckDeadlineMs ?? BACKGROUND_DEADLINE_MS,
      testKey: changeSetId,
      testDeadlineMs: deps.finalTestDeadlineMs ?? TEST_RUN_CEILING_MS,
      onLate: store,
    },
  );
  // Nothing checked, no tests found, no hook: the set keeps no evidence rather than an empty one.
  if (evidence.tests || evidence.hooks || deps.diagnostics) store(evidence);
}

/** The whole-run time limit, and the poll for a stop asked from another process. */
function armLimits(run: ProposalRun): RunLimits {
  const { runner, started, background } = run;
  const limits: RunLimits = { timedOut: false, disarm: () => undefined };
  const timer = setTimeout(() => {
    limits.timedOut = true;
    runner.abort(started.conversationId);
  }, run.timeoutMs);
  // Stop from another process (the inbox of the app while the CLI runs it) is a DB flag.
  const stopPoll = background
    ? setInterval(() => {
        if (background.runs.stopRequested(run.changeSetId)) {
          run.flags.stopped = true;
          runner.abort(started.conversationId);
        }
      }, 1_000)
    : null;
  limits.disarm = () => {
    clearTimeout(timer);
    if (stopPoll) clearInterval(stopPoll);
  };
  return limits;
}

/** Waits for the run's place in the queue; true when it was stopped (or timed out) first. */
async function stoppedInQueue(run: ProposalRun, limits: RunLimits): Promise<boolean> {
  if (!run.background) return false;
  if (await run.background.waitForSlot(() => run.flags.stopped || limits.timedOut)) return false;
  run.runner.abort(run.started.conversationId);
  return true;
}

function tallyEvent(turn: TurnTally, event: AgentEvent): void {
  if (event.type === 'usage') turn.usage = addUsage(turn.usage, event.usage);
  if (event.type === 'tool_start') turn.summary = '';
  if (event.type === 'text_delta') turn.summary += event.text;
  if (event.type === 'retry' && event.discardedMessageId) turn.summary = '';
}

function endOfRun(run: ProposalRun, turn: TurnTally, queueStopped: boolean, timedOut: boolean) {
  if (turn.crash) return { status: 'failed' as const, reason: `the run crashed: ${turn.crash}` };
  if (queueStopped)
    return {
      status: 'failed' as const,
      reason: timedOut
        ? `the run waited in the queue past its time limit of ${Math.round(run.timeoutMs / 1000)} s`
        : 'the run was stopped while it waited in the queue',
    };
  return endOf(turn.outcome, timedOut, run.timeoutMs, run.deps.maxRounds);
}

/** Frees what the run held and finishes its set with how it ended. */
async function recordEnd(run: ProposalRun, turn: TurnTally, end: RunEnd): Promise<void> {
  const { changeSets, changeSetId, refined, background } = run;
  await background?.end();
  // A consumer that stopped early left the turn running: stop it before recording.
  run.runner.abort(run.started.conversationId);
  await run.disk.close();
  if (end.status === 'proposed') await storeFinalEvidence(run);
  changeSets.finish(changeSetId, { ...end, summary: turn.summary.trim(), usage: turn.usage });
  if (end.status === 'proposed' && refined)
    changeSets.transition(
      refined.id,
      ['proposed'],
      'superseded',
      `refined by change set ${changeSetId}`,
    );
  // A failed set can be read but never applied or refined: its copy has no further use.
  if (end.status === 'failed') background?.executor.remove(changeSetId);
}

export async function* proposalRunEvents(
  run: ProposalRun,
): AsyncGenerator<AgentEvent, StoredChangeSet> {
  const limits = armLimits(run);
  const queueStopped = await stoppedInQueue(run, limits);
  const turn: TurnTally = { usage: ZERO_USAGE, summary: '', outcome: undefined, crash: null };
  try {
    for (;;) {
      const next = await run.started.events.next();
      if (next.done) {
        turn.outcome = next.value;
        break;
      }
      tallyEvent(turn, next.value);
      yield next.value;
    }
  } catch (error) {
    turn.crash = error instanceof Error ? error.message : String(error);
  } finally {
    limits.disarm();
    await recordEnd(run, turn, endOfRun(run, turn, queueStopped, limits.timedOut));
  }
  const stored = run.changeSets.get(run.changeSetId);
  if (!stored) throw new Error(`change set ${run.changeSetId} vanished from the database`);
  return stored;
}
