// The tools of a run in propose mode. Write tools build their proposal
// exactly as in a live run (same matching, formats, refusals) but the proposal lands in the
// overlay instead of the gate: a capturing port takes it and answers "not written", and the
// wrapper tells the model what really happened. Deny rules still refuse at once, so the model
// learns; protected paths are taken into the overlay but are never applied from a change set.
// Only tools known to be safe without a person run: anything else (MCP) is left out, so a run
// nobody watches cannot act outside the overlay. Commands are offered only when
// the run has a private copy: they run there, behind the background gate. An edit's result
// comes once its changed files' errors are in; the importers' come with the next result of any
// of these tools (overlay-late-errors.ts).
import { missingCase } from '../../../shared/missing-case';
import { BACKGROUND_DEADLINE_MS } from '../../../shared/diagnostics-settings';
import { evaluatePolicy, isProtectedPath } from '../approvals/policy';
import type { PolicyState } from '../../../shared/policy-rules';
import type { Proposal } from '../edits/proposal';
import { createNodeSearchEngine } from '../search/node-engine';
import { createTools } from '../tools';
import { createSearchFilesTool } from '../tools/search-files';
import {
  defineTool,
  ok,
  type ToolContext,
  type ToolDefinition,
  type ToolResult,
} from '../tools/tool';
import { deniedMessage } from '../edits/result-message';
import type { ProposalOverlay } from './proposal-overlay';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { filesEvidence } from '../evidence/files-evidence';
import { overlayEvidenceLine } from '../evidence/error-words';
import type { ProjectTests } from '../test-runs/project-tests';
import { testsResultLine } from '../evidence/test-words';
import { hooksResultLine } from '../evidence/hook-words';
import type { ProposalHooks } from '../hooks/proposal-hooks';
import { carryLateErrors, OverlayLateErrors } from './overlay-late-errors';

/** Where an edit's evidence (over the whole overlay) goes besides the model: the change set. */
export type OnOverlayEvidence = (evidence: ProposalEvidence) => void;

/** Tools a propose run may use; everything else is left out of its tool list. */
export const PROPOSE_TOOL_NAMES = [
  'read_file',
  'list_files',
  'search_files',
  'find_files',
  'load_skill',
  'edit_file',
  'create_file',
  'find_definition',
  'find_importers',
  'run_command',
  'read_command_output',
] as const;

/** Offered only to a run with a private copy of the project. */
const COMMAND_TOOL_NAMES = new Set<string>(['run_command', 'read_command_output']);

const COMMAND_NOTE = `
In this run nobody is watching: the command runs in your private copy of the project (your edits are real files there; the project on disk never changes), inside the sandbox. Only commands the person's rules allow, or that they allowed for this run when starting it, run; anything else is refused at once and listed for the person, so do not retry it another way. Every command and its result is shown to the person with your change set: run the project's checks after your last edit.`;

const PROPOSE_NOTE = `
In this run nobody is watching: changes are not written to disk but kept in a proposal (a change set) that the person reviews later. Later reads, listings, searches and find_definition see your changed version. find_importers and from_file follow the imports as they are on disk.`;

/** When the person sees the change set: a propose run's at its end, an MCP session's at once. */
export type ReviewTiming = 'run-end' | 'at-once';

function reviewNote(timing: ReviewTiming): string {
  switch (timing) {
    case 'run-end':
      return 'the person reviews the change set when the run ends';
    case 'at-once':
      return 'the change set is proposed to the person at once, in their inbox (sluice proposals), and each further edit joins it until they review it';
    default:
      return missingCase(timing);
  }
}

function overlayMessage(
  proposal: Proposal,
  protectedPath: boolean,
  notes: readonly string[],
  timing: ReviewTiming,
  copy: boolean,
): string {
  const what = proposal.isNewFile ? 'Created' : 'Changed';
  const lines = [
    copy
      ? `${what} ${proposal.path} in your private copy of the project (the project itself is untouched: ${reviewNote(timing)}). Later reads and the commands you run see this version.`
      : `${what} ${proposal.path} in the proposal (not on disk: ${reviewNote(timing)}). Later reads see this version.`,
  ];
  if (protectedPath)
    lines.push(
      `Note: ${proposal.path} is a protected path; it is shown to the person but a change set never applies it, so they must change it themselves.`,
    );
  lines.push(...notes);
  lines.push('', proposal.unifiedDiff.trimEnd());
  return lines.join('\n');
}

/**
 * Orders the checks of one overlay (edit_file and create_file share it): a result, late or
 * not, is stored only while no newer check was started, since it describes an older overlay.
 */
class OverlayChecks {
  private started = 0;

  constructor(private readonly onEvidence: OnOverlayEvidence | undefined) {}

  start(): (evidence: ProposalEvidence) => void {
    const check = (this.started += 1);
    return (evidence) => {
      if (check === this.started) this.onEvidence?.(evidence);
    };
  }
}

/** The tests of an overlay's edits: `sluice mcp` only; a propose run tests its end. */
export interface OverlayTests {
  readonly tests?: ProjectTests | undefined;
  /** Identity of the set across edits: a newer edit cancels the older edit's run. */
  readonly key: string;
  /** The person's hooks on write tools, run on the set's state beside the tests. */
  readonly hooks?: ProposalHooks | undefined;
}

/**
 * The whole overlay's evidence for one edit: errors (when checked; the changed files' first, as
 * a live edit's), then the tests of the set's state. Each part's late result replaces that part
 * only, through `onLate`.
 */
async function overlayEvidence(
  overlay: ProposalOverlay,
  diagnostics: ToolContext['diagnostics'],
  tests: OverlayTests | undefined,
  onLate: (evidence: ProposalEvidence) => void,
  deadlineMs: number,
  signal: AbortSignal | undefined,
): Promise<ProposalEvidence> {
  return filesEvidence(
    overlay.list().map((f) => ({ ...f, baseText: f.isNewFile ? null : f.baseText })),
    {
      diagnostics,
      tests: tests?.tests,
      hooks: tests?.hooks,
      against: 'bases',
      deadlineMs,
      changedFilesFirst: true,
      testKey: tests?.key ?? '',
      testDeadlineMs: tests?.tests?.liveDeadlineMs() ?? tests?.hooks?.liveDeadlineMs() ?? 0,
      signal,
      onLate,
    },
  );
}

/** What an overlay's write tools share: the overlay, its checks and how their results read. */
interface OverlayWriteDeps {
  readonly overlay: ProposalOverlay;
  readonly policy: () => PolicyState;
  readonly checks: OverlayChecks;
  /** The importers' errors that arrive after an edit's result, for the results that follow. */
  readonly late: OverlayLateErrors;
  readonly timing: ReviewTiming;
  readonly copy: boolean;
  readonly deadlineMs: number;
  readonly tests: OverlayTests | undefined;
  readonly changeSetId: () => string | null;
}

function overlayWriteTool(tool: ToolDefinition, deps: OverlayWriteDeps): ToolDefinition {
  const { overlay, checks, late, deadlineMs, tests } = deps;
  return defineTool({
    name: tool.name,
    description: `${tool.description}${PROPOSE_NOTE}`,
    schema: tool.schema,
    kind: tool.kind,
    label: (input) => tool.label(input),
    async run(input, ctx) {
      // The overlay is checked whole below; the live check (and its hold-back) is not for here.
      const { diagnostics, ...inner } = ctx;
      // The tool's proposal comes here instead of the gate: nobody is asked, nothing is written.
      const propose = async (proposal: Proposal): Promise<ToolResult> => {
        // The overlay is not the disk: only deny rules refuse here; the mode applies at apply.
        const verdict = evaluatePolicy(
          { ...deps.policy(), mode: 'ask' },
          { tool: proposal.tool, kind: 'write', path: proposal.path },
        );
        if (verdict.action === 'deny')
          return { status: 'denied', content: deniedMessage(proposal, verdict.reason) };
        overlay.apply(proposal);
        const notes = [...proposal.notes];
        if (diagnostics || tests) {
          // The model reads the previous edit's importers before this edit is checked.
          await late.before(proposal.path, ctx.signal);
          const store = checks.start();
          const followed = late.begin(proposal.path, deadlineMs);
          const evidence = await overlayEvidence(
            overlay,
            diagnostics,
            tests,
            (later) => {
              store(later);
              followed.arrived(later);
            },
            deadlineMs,
            ctx.signal,
          );
          store(evidence);
          followed.answered(evidence);
          if (diagnostics) notes.push(overlayEvidenceLine(evidence, deps.changeSetId()));
          if (evidence.tests) notes.push(testsResultLine(evidence.tests, 'overlay'));
          if (evidence.hooks) notes.push(hooksResultLine(evidence.hooks, 'overlay'));
        }
        return ok(
          overlayMessage(proposal, isProtectedPath(proposal.path), notes, deps.timing, deps.copy),
        );
      };
      return tool.run(input, { ...inner, propose });
    },
  });
}

const SYMBOL_NOTE =
  '(In this run: definitions in files you changed come from your changed text, but import-following (from_file) and find_importers see the imports as they are on disk, so an import you added or removed is not reflected.)';

/** Symbol tools say plainly what is approximate once the overlay holds files. */
function noteApproximation(tool: ToolDefinition, overlay: ProposalOverlay): ToolDefinition {
  return defineTool({
    ...tool,
    label: (input) => tool.label(input),
    async run(input, ctx) {
      const result = await tool.run(input, ctx);
      if (overlay.list().length === 0) return result;
      return { ...result, content: `${result.content}\n${SYMBOL_NOTE}` };
    },
  });
}

/**
 * The propose run's tool list: the registry's tools limited to PROPOSE_TOOL_NAMES, content
 * search in-process (so it searches the overlay), writes into the overlay.
 */
export function createProposeTools(deps: {
  overlay: ProposalOverlay;
  policy: () => PolicyState;
  base?: readonly ToolDefinition[];
  onEvidence?: OnOverlayEvidence;
  /** Default 'run-end' (a propose run); `sluice mcp` proposes each set at once. */
  review?: ReviewTiming;
  /** The run has a private copy: run_command and read_command_output are offered. */
  commands?: boolean;
  /**
   * Deadline of each edit's check. Default BACKGROUND_DEADLINE_MS: nobody watches a propose
   * run or an MCP client's set on the screen, so the live setting would only make the model
   * read "timed out" for checks that finish a little later.
   */
  checkDeadlineMs?: number;
  /**
   * Each edit's tests over the whole overlay, for `sluice mcp`, whose set is
   * proposed at once; a propose run leaves this out and tests its final state instead.
   */
  tests?: OverlayTests;
  /** The change set the overlay is saved into, once there is one: named where errors are counted. */
  changeSetId?: () => string | null;
  /**
   * Where an edit's importers' errors wait for the next result. Default: this tool list's own;
   * `sluice mcp` gives one for its session, so its other tools carry them too.
   */
  late?: OverlayLateErrors;
}): ToolDefinition[] {
  const base = deps.base ?? createTools();
  const allowed = new Set<string>(PROPOSE_TOOL_NAMES);
  const checks = new OverlayChecks(deps.onEvidence);
  const changeSetId = deps.changeSetId ?? (() => null);
  const late = deps.late ?? new OverlayLateErrors(changeSetId);
  return base
    .filter(
      (tool) =>
        allowed.has(tool.name) && (deps.commands === true || !COMMAND_TOOL_NAMES.has(tool.name)),
    )
    .map((tool) => {
      const name = tool.name as (typeof PROPOSE_TOOL_NAMES)[number];
      switch (name) {
        case 'edit_file':
        case 'create_file':
          return overlayWriteTool(tool, {
            overlay: deps.overlay,
            policy: deps.policy,
            checks,
            late,
            timing: deps.review ?? 'run-end',
            copy: deps.commands === true,
            deadlineMs: deps.checkDeadlineMs ?? BACKGROUND_DEADLINE_MS,
            tests: deps.tests,
            changeSetId,
          });
        case 'search_files':
          return createSearchFilesTool({ engine: createNodeSearchEngine() });
        case 'find_definition':
        case 'find_importers':
          return noteApproximation(tool, deps.overlay);
        case 'run_command':
          return defineTool({
            ...tool,
            description: `${tool.description}${COMMAND_NOTE}`,
            label: (input) => tool.label(input),
          });
        case 'read_command_output':
        case 'read_file':
        case 'list_files':
        case 'find_files':
        case 'load_skill':
          return tool;
        default:
          return missingCase(name);
      }
    })
    .map((tool) => carryLateErrors(tool, late));
}
