// `sluice ask [PROMPT] [--project DIR] [--mode ask|auto-edit|read-only] [--model M]
//  [--max-turns N] [--conversation ID] [--json]`: one agent turn from the terminal or a script
// (the flags are ask-model.ts' tables; `--mode propose` is ask-propose.ts).
// The prompt comes from the argument or stdin. --json prints every AgentEvent as NDJSON;
// otherwise the answer streams to stdout and the steps (tools, retries, errors) go to stderr.
// Exit: 0 the turn ended normally; 1 it failed, was stopped, or hit the round limit; 2 usage.
// Approvals: write tools ask through the port `approvals` builds — by default the CLI approval
// session (terminal prompt; without a terminal writes are rejected unless --mode auto-edit).
// The port is created on the first write of a turn only, so a read-only turn never touches stdin,
// and closed when the turn ends (pending approvals rejected, stdin let go).
// MCP: the person's servers and approved project entries are offered (ask-mcp.ts); a call that
// asks is prompted on the terminal (rejected without one); the servers stop when the run ends.
import type { AgentEvent } from '../../shared/agent-events';
import { approvalModeSchema, type ApprovalMode } from '../../shared/approvals';
import {
  ASK_HELP,
  ASK_OPTIONS,
  checkModelFlag,
  createEnvClient,
  PROPOSE_ONLY_OPTIONS,
} from '../ask-model';
import {
  createConversationRunner,
  TurnRefusedError,
} from '../../main/core/agent/conversation-runner';
import type { TurnOutcome } from '../../main/core/agent/agent-loop';
import { DEFAULT_MODEL } from '../../main/core/agent/model-catalog';
import { askApprovals, askCommands, lazyApprovals, type TurnApprovals } from '../ask-approvals';
import type { CommandPort } from '../../main/core/commands/command-port';
import { openAppDatabase } from '../../main/core/store/app-database';
import { createConversationRepository } from '../../main/core/store/conversation-repository';
import type { WritableDb } from '../../main/core/store/database-handles';
import { createPolicyRepository } from '../../main/core/store/policy-repository';
import { projectIdFor } from '../../main/core/store/project-id';
import { createTools } from '../../main/core/tools';
import type { ToolDefinition } from '../../main/core/tools/tool';
import type { Workspace } from '../../main/core/workspace/workspace';
import { ExitCode, UsageError, writeJsonLine, type CliIo, type Verb } from '../cli-io';
import { defineVerb, parseWholeFlag } from '../define-verb';
import { openProject, sluiceHomeFor } from '../project-context';
import { openRunIndex } from '../run-index';
import { createProposeAskCommand, wantsProposeMode } from './ask-propose';
import { openAskMcp, type AskMcp } from '../ask-mcp';
import { openCliDiagnostics } from '../cli-diagnostics';
import { shellCreateTests, type CreateTests } from '../../main/core/test-runs/shell-tests';
import { createSettingsRepository } from '../../main/core/store/settings-repository';
import type { CreateDiagnostics } from '../../main/core/diagnostics/project-diagnostics';
import { trackStderrLines } from '../stderr-line-tracker';
import { createHumanPrinter } from '../ask-printer';
import { commitTurnIfOn } from '../ask-turn-commit';
import { offerWorktreeFinish, openAskWorktree } from '../ask-worktree';
import { drainEvents } from '../drain-events';

export interface AskApprovalArgs {
  workspace: Workspace;
  db: WritableDb;
  projectId: string;
  mode: ApprovalMode;
  io: CliIo;
}

export interface AskCommandDeps {
  /** Builds the approvals of a turn (default: the CLI approval session; null: none, writes refused). */
  readonly approvals?: ((args: AskApprovalArgs) => TurnApprovals | undefined) | null;
  readonly createTools?: () => ToolDefinition[];
  /** Builds run_command's port (default: terminal approvals; null: none, commands refused). */
  readonly commands?:
    ((args: AskApprovalArgs) => (CommandPort & { close?(): void }) | undefined) | null;
  /** SDK retries (tests make them few). */
  readonly maxRetries?: number;
  /** Ctrl-C wiring; default: process SIGINT while the turn runs. */
  readonly onInterrupt?: (abort: () => void) => () => void;
  /** Tests before approval (issue 31); default the shell's, null for none. */
  readonly createTests?: CreateTests | null;
  /** The diagnostics service behind evidence (issue 24); default the shell's. */
  readonly createDiagnostics?: CreateDiagnostics;
}

const MAX_PROMPT_CHARS = 200_000;

async function readStdin(io: CliIo): Promise<string> {
  if (io.stdin.isTTY) throw new UsageError('give the PROMPT as an argument or pipe it on stdin.');
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of io.stdin) {
    const buffer = typeof part === 'string' ? Buffer.from(part) : (part as Buffer);
    size += buffer.length;
    if (size > MAX_PROMPT_CHARS * 4)
      throw new UsageError(`the prompt on stdin is longer than ${MAX_PROMPT_CHARS} characters.`);
    parts.push(buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

/**
 * The approval mode of this run: `--mode` when given, else the project's own setting (the
 * one the app's Settings change), so a project the person made read-only stays read-only
 * here. A mode other than ask that comes from the setting is said on stderr.
 */
function modeFor(
  given: ApprovalMode | undefined,
  db: WritableDb,
  projectId: string,
  io: CliIo,
): ApprovalMode {
  if (given !== undefined) return given;
  const stored = createPolicyRepository(db).get(projectId).mode;
  if (stored !== 'ask') {
    io.stderr.write(`Mode: ${stored} (this project's setting; --mode overrides it).\n`);
  }
  return stored;
}

function defaultInterrupt(abort: () => void): () => void {
  const handler = () => abort();
  process.once('SIGINT', handler);
  return () => process.off('SIGINT', handler);
}

export function createAskCommand(deps: AskCommandDeps = {}): Verb {
  const live = createLiveAskVerb(deps);
  return {
    ...ASK_HELP,
    run(args, io) {
      if (!wantsProposeMode(args)) {
        const onlyPropose = args.find((arg) =>
          Object.keys(PROPOSE_ONLY_OPTIONS).some(
            (o) => arg === `--${o}` || arg.startsWith(`--${o}=`),
          ),
        );
        if (onlyPropose !== undefined && args.indexOf(onlyPropose) < endOfFlags(args))
          throw new UsageError(`${onlyPropose.split('=')[0]} goes with --mode propose.`);
        return live.run(args, io);
      }
      return createProposeAskCommand({
        ...(deps.maxRetries !== undefined ? { maxRetries: deps.maxRetries } : {}),
        ...(deps.createDiagnostics ? { createDiagnostics: deps.createDiagnostics } : {}),
        ...(deps.createTests !== undefined ? { createTests: deps.createTests } : {}),
        ...(deps.onInterrupt ? { onInterrupt: deps.onInterrupt } : {}),
      }).run(args, io);
    },
  };
}

/** The index of `--` (or the end): what follows it is the prompt, never a flag. */
function endOfFlags(args: readonly string[]): number {
  const end = args.indexOf('--');
  return end < 0 ? args.length : end;
}

function createLiveAskVerb(deps: AskCommandDeps): Verb {
  return defineVerb({
    name: 'ask',
    args: '[PROMPT]',
    options: ASK_OPTIONS,
    positionals: { min: 0, max: Number.POSITIVE_INFINITY, message: 'the prompt is empty.' },
    async run({ values, positionals, io: rawIo }) {
      // Steps and approval prompts share stderr; the printer needs to know where its cursor is.
      const tracked = trackStderrLines(rawIo);
      const io = tracked.io;
      const given =
        values.mode === undefined ? undefined : approvalModeSchema.safeParse(values.mode);
      if (given && !given.success)
        throw new UsageError(`--mode must be ask, auto-edit or read-only (got "${values.mode}").`);
      const maxTurns = parseWholeFlag(values['max-turns'], '--max-turns', 1, 1000);
      checkModelFlag(values.model);
      const prompt = (positionals.length ? positionals.join(' ') : await readStdin(io)).trim();
      if (!prompt) throw new UsageError('the prompt is empty.');
      if (prompt.length > MAX_PROMPT_CHARS)
        throw new UsageError(`the prompt is longer than ${MAX_PROMPT_CHARS} characters.`);
      const project = (await openProject(io, values.project)).workspace;
      const worktree =
        values.worktree === undefined ? null : await openAskWorktree(io, project, values.worktree);
      const workspace = worktree?.workspace ?? project;

      const db = openAppDatabase({ home: sluiceHomeFor(io) });
      // One index for every tool of the run, refreshed by its writes and commands.
      const symbolIndex = openRunIndex(workspace, io);
      const turnApprovals: Array<{ close(): void }> = [];
      let mcp: AskMcp | null = null;
      const diagnostics = openCliDiagnostics({
        workspace,
        db,
        create: deps.createDiagnostics,
        onBackgroundError: (error) =>
          io.stderr.write(
            `diagnostics: ${error instanceof Error ? error.message : String(error)}\n`,
          ),
      });
      diagnostics.warm();
      const testRuns =
        deps.createTests === null
          ? undefined
          : (deps.createTests ?? shellCreateTests)({
              root: workspace.root,
              projectId: projectIdFor(workspace.root),
              home: sluiceHomeFor(io),
              settings: createSettingsRepository(db),
              symbolIndex,
            });
      const tests = testRuns ? { tests: testRuns.tests } : {};
      try {
        const projectId = projectIdFor(workspace.root);
        const mode = modeFor(given?.data, db, projectId, io);
        mcp = await openAskMcp({
          db,
          projectId,
          workspace,
          mode,
          notice: (text) => io.stderr.write(`MCP: ${text}\n`),
          env: io.env,
        });
        const mcpTools = mcp;
        const repository = createConversationRepository(db);
        const runner = createConversationRunner({
          repository,
          projectId,
          createClient: () => createEnvClient(io, deps.maxRetries),
          model: () => values.model ?? DEFAULT_MODEL,
          tools: (deps.createTools ?? createTools)(),
          ...(mcpTools ? { extraTools: (turn) => mcpTools.tools(turn) } : {}),
          ports: () => {
            const build = deps.approvals === undefined ? askApprovals : deps.approvals;
            const buildCommands = deps.commands === undefined ? askCommands : deps.commands;
            const args = { workspace, db, projectId, mode, io };
            const commands = buildCommands ? buildCommands(args) : undefined;
            if (commands?.close) turnApprovals.push({ close: () => commands.close?.() });
            const withCommands = commands ? { commands } : {};
            if (!build) return { workspace, symbolIndex, diagnostics, ...tests, ...withCommands };
            const approvals = lazyApprovals(() => build(args));
            turnApprovals.push(approvals);
            return { workspace, symbolIndex, approvals, diagnostics, ...tests, ...withCommands };
          },
          guidanceFiles: workspace,
          maxRounds: () => maxTurns,
        });
        if (values.conversation !== undefined) {
          const record = repository.get(values.conversation);
          if (!record) throw new UsageError(`there is no conversation "${values.conversation}".`);
          if (record.projectId !== projectId)
            throw new UsageError(
              `conversation "${values.conversation}" belongs to another project.`,
            );
        }
        let started;
        try {
          started = runner.start({
            kind: 'send',
            text: prompt,
            ...(values.conversation !== undefined ? { conversationId: values.conversation } : {}),
            ...(values.model !== undefined ? { model: values.model } : {}),
          });
        } catch (error) {
          if (error instanceof TurnRefusedError) throw new UsageError(error.message);
          throw error;
        }
        const show = values.json
          ? (event: AgentEvent) => writeJsonLine(io, event)
          : createHumanPrinter(tracked);
        let turnId: string | null = null;
        const print = (event: AgentEvent) => {
          if (event.type === 'turn_start') turnId = event.turnId;
          show(event);
        };
        const release = (deps.onInterrupt ?? defaultInterrupt)(() =>
          runner.abort(started.conversationId),
        );
        let outcome: TurnOutcome;
        try {
          outcome = await drainEvents(started.events, print);
        } finally {
          release();
          // The terminal approver reads stdin; once the turn is over nothing more is read.
          for (const approvals of turnApprovals) approvals.close();
        }
        await commitTurnIfOn({
          io,
          db,
          workspace,
          projectId,
          conversationId: started.conversationId,
          turnId,
          prompt,
        });
        if (worktree) await offerWorktreeFinish(io, worktree);
        if (!values.json)
          // One line that fits 80 columns: the id once, in the flag that uses it.
          io.stderr.write(`(continue it with --conversation ${started.conversationId})\n`);
        return outcome.reason === 'end_turn' ? ExitCode.Ok : ExitCode.Failure;
      } finally {
        // The run's MCP servers and language services stop with it.
        await mcp?.close();
        await diagnostics.dispose();
        testRuns?.service.dispose();
        await symbolIndex.close();
        db.close();
      }
    },
  });
}

export default createAskCommand();
