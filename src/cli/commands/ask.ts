// `sluice ask [PROMPT] [--project DIR] [--mode ask|auto-edit|read-only|plan] [--model M]
//  [--max-turns N] [--conversation ID] [--json] [--attach FILE]…`: one agent turn from the
// terminal or a script (the flags are ask-model.ts' tables; `--mode propose` is ask-propose.ts).
// `--attach` sends images before the prompt, read and checked before anything is opened
// (agent/image-attachments.ts); a refused one is a usage error that says why.
// The prompt comes from the argument or stdin. --json prints every AgentEvent as NDJSON;
// otherwise the answer streams to stdout and the steps (tools, retries, errors) go to stderr.
// Exit: 0 the turn ended normally; 1 it failed, was stopped, or hit the round limit; 2 usage.
// The run opens the project engine (cli-engine.ts) with the terminal as its approver: writes,
// commands and MCP calls that ask are prompted on the terminal (rejected without one). The
// terminal is taken at the turn's first question only, so a read-only turn never touches stdin,
// and let go when the turn ends. MCP servers and checkers stop when the run ends.
import type { AgentEvent } from '../../shared/agent-events';
import {
  ASK_HELP,
  ASK_OPTIONS,
  checkModelFlag,
  LIVE_ONLY_OPTIONS,
  PROPOSE_ONLY_OPTIONS,
} from '../ask-model';
import { attachmentsFromPaths, type ImageInput } from '../../main/core/agent/image-attachments';
import type { Workspace } from '../../main/core/workspace/workspace';
import { TurnRefusedError } from '../../main/core/agent/conversation-runner';
import type { TurnOutcome } from '../../main/core/agent/agent-loop';
import { createConversationRepository } from '../../main/core/store/conversation-repository';
import type { WritableDb } from '../../main/core/store/database-handles';
import { createPolicyRepository } from '../../main/core/store/policy-repository';
import type { ToolDefinition } from '../../main/core/tools/tool';
import { ExitCode, UsageError, writeJsonLine, type CliIo, type Verb } from '../cli-io';
import { defineVerb, parseWholeFlag } from '../define-verb';
import { openProject } from '../project-context';
import { openCliEngine } from '../cli-engine';
import type { TerminalApprover } from '../terminal-approval';
import { approvalModeSchema } from '../../shared/approvals';
import { idsStartingWith } from '../../main/core/store/id-prefix';
import { typedId } from '../typed-id';
import { createProposeAskCommand, wantsProposeMode } from './ask-propose';
import type { CreateTests } from '../../main/core/test-runs/shell-tests';
import type { CreateDiagnostics } from '../../main/core/diagnostics/project-diagnostics';
import { trackStderrLines } from '../stderr-line-tracker';
import { createHumanPrinter } from '../ask-printer';
import { commitTurnIfOn } from '../ask-turn-commit';
import { offerWorktreeFinish, openAskWorktree } from '../ask-worktree';
import { drainEvents } from '../drain-events';

export interface AskCommandDeps {
  /** Who answers the turn's questions (tests); default the terminal (rejected without one). */
  readonly approver?: TerminalApprover;
  readonly createTools?: () => ToolDefinition[];
  /** SDK retries (tests make them few). */
  readonly maxRetries?: number;
  /** Ctrl-C wiring; default: process SIGINT while the turn runs. */
  readonly onInterrupt?: (abort: () => void) => () => void;
  /** Tests before approval; default the shell's, null for none. */
  readonly createTests?: CreateTests | null;
  /** The diagnostics service behind evidence; default the shell's, null for none. */
  readonly createDiagnostics?: CreateDiagnostics | null;
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
function sayStoredMode(db: WritableDb, projectId: string, io: CliIo): void {
  const stored = createPolicyRepository(db).get(projectId).mode;
  if (stored !== 'ask')
    io.stderr.write(`Mode: ${stored} (this project's setting; --mode overrides it).\n`);
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
        const onlyPropose = flagOf(args, Object.keys(PROPOSE_ONLY_OPTIONS));
        if (onlyPropose !== undefined)
          throw new UsageError(`${onlyPropose} goes with --mode propose.`);
        return live.run(args, io);
      }
      const onlyLive = flagOf(args, Object.keys(LIVE_ONLY_OPTIONS));
      if (onlyLive !== undefined)
        throw new UsageError(
          `${onlyLive} goes with a live turn: a background run (--mode propose) takes the prompt's text only.`,
        );
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

/** The first of these flags given before `--` ("--attach"), if any. */
function flagOf(args: readonly string[], names: readonly string[]): string | undefined {
  const given = args
    .slice(0, endOfFlags(args))
    .find((arg) => names.some((o) => arg === `--${o}` || arg.startsWith(`--${o}=`)));
  return given?.split('=')[0];
}

/** The images `--attach` names, each read and checked; a refusal is a usage error in words. */
async function readAttachments(
  paths: readonly string[] | undefined,
  workspace: Workspace,
  cwd: string,
): Promise<ImageInput[]> {
  if (!paths?.length) return [];
  const result = await attachmentsFromPaths(paths, workspace, { cwd });
  if ('refused' in result) throw new UsageError(`--attach: ${result.refused}`);
  return result.images;
}

function createLiveAskVerb(deps: AskCommandDeps): Verb {
  return defineVerb({
    name: 'ask',
    args: '[PROMPT]',
    options: { ...ASK_OPTIONS, ...LIVE_ONLY_OPTIONS },
    positionals: { min: 0, max: Number.POSITIVE_INFINITY, message: 'the prompt is empty.' },
    async run({ values, positionals, io: rawIo }) {
      // Steps and approval prompts share stderr; the printer needs to know where its cursor is.
      const tracked = trackStderrLines(rawIo);
      const io = tracked.io;
      const given =
        values.mode === undefined ? undefined : approvalModeSchema.safeParse(values.mode);
      if (given && !given.success)
        throw new UsageError(
          `--mode must be ask, auto-edit, read-only, plan or propose (got "${values.mode}").`,
        );
      const maxTurns = parseWholeFlag(values['max-turns'], '--max-turns', 1, 1000);
      checkModelFlag(values.model);
      const prompt = (positionals.length ? positionals.join(' ') : await readStdin(io)).trim();
      if (!prompt) throw new UsageError('the prompt is empty.');
      if (prompt.length > MAX_PROMPT_CHARS)
        throw new UsageError(`the prompt is longer than ${MAX_PROMPT_CHARS} characters.`);
      const project = (await openProject(io, values.project)).workspace;
      const images = await readAttachments(values.attach, project, io.cwd);
      const worktree =
        values.worktree === undefined ? null : await openAskWorktree(io, project, values.worktree);
      const workspace = worktree?.workspace ?? project;

      const cli = openCliEngine({
        io,
        workspace,
        mode: given?.data,
        model: values.model,
        maxTurns,
        maxRetries: deps.maxRetries,
        ...(deps.approver ? { approver: deps.approver } : {}),
        ...(deps.createTools ? { tools: deps.createTools } : {}),
        createDiagnostics: deps.createDiagnostics,
        createTests: deps.createTests,
      });
      const { engine, db } = cli;
      try {
        const { projectId, runner } = engine;
        if (given === undefined) sayStoredMode(db, projectId, io);
        const repository = createConversationRepository(db);
        if (values.conversation !== undefined) {
          const typed = values.conversation;
          const matches = idsStartingWith(db, { table: 'conversations' }, typed);
          values.conversation = typedId(typed, matches, 'conversation');
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
            ...(images.length ? { images } : {}),
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
          engine.ports.release();
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
        // The run's MCP servers, language services and index stop with it.
        await cli.close();
      }
    },
  });
}

export default createAskCommand();
