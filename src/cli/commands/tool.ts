// `sluice tool NAME --project DIR --input JSON [--yes] [--json]`: runs one tool through the
// sandbox exactly as the agent would (runTool), prints its result, exits 0 ok / 1 tool error /
// 2 usage. Ports for write tools (approvals, checkpoints) are added through `extendContext`.
import { createTools } from '../../main/core/tools';
import { runTool, type ToolContext, type ToolDefinition } from '../../main/core/tools/tool';
import type { Workspace } from '../../main/core/workspace/workspace';
import {
  ExitCode,
  UsageError,
  writeJsonLine,
  type CliCommand,
  type CliIo,
  parseCliArgs,
} from '../cli-io';
import { openProject } from '../project-context';
import { cliWriteContext } from '../approval-session';

export interface ToolCommandDeps {
  /** The tools this command can run (default: the full registry). */
  readonly createTools?: () => ToolDefinition[];
  /** Adds ports (approvals, checkpoints, …) to the context a tool runs with. */
  readonly extendContext?: (args: {
    workspace: Workspace;
    tool: ToolDefinition;
    yes: boolean;
    io: CliIo;
  }) => Promise<Partial<ToolContext>>;
}

const USAGE = 'sluice tool NAME --project DIR --input JSON [--yes] [--json]';

function parseInput(raw: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new UsageError(
      `--input is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError('--input must be a JSON object, e.g. {"path":"src/app.ts"}.');
  }
  return value as Record<string, unknown>;
}

export function createToolCommand(deps: ToolCommandDeps = {}): CliCommand {
  return {
    name: 'tool',
    usage: USAGE,
    summary: 'Run one tool through the sandbox and print its result.',
    async run(args, io) {
      const parsed = parseCliArgs({
        args,
        allowPositionals: true,
        strict: true,
        options: {
          project: { type: 'string' },
          input: { type: 'string' },
          yes: { type: 'boolean', default: false },
          json: { type: 'boolean', default: false },
        },
      });
      const { values, positionals } = parsed;
      const tools = (deps.createTools ?? createTools)();
      const names = tools.map((t) => t.name).join(', ');
      if (positionals.length !== 1)
        throw new UsageError(`give exactly one tool NAME. Available tools: ${names}.`);
      const name = positionals[0] as string;
      const tool = tools.find((t) => t.name === name);
      if (!tool) throw new UsageError(`unknown tool "${name}". Available tools: ${names}.`);
      if (values.input === undefined)
        throw new UsageError("--input JSON is required (use --input '{}' for no arguments).");
      const input = parseInput(values.input);
      const { workspace } = await openProject(io, values.project);

      const controller = new AbortController();
      const extra = deps.extendContext
        ? await deps.extendContext({ workspace, tool, yes: values.yes, io })
        : {};
      const ctx: ToolContext = { ...extra, workspace, signal: controller.signal };
      const result = await runTool(tool, input, ctx);
      if (values.json) {
        writeJsonLine(io, { tool: tool.name, status: result.status, content: result.content });
      } else if (result.status === 'ok') {
        io.stdout.write(result.content.endsWith('\n') ? result.content : `${result.content}\n`);
      } else {
        io.stderr.write(`${tool.name} (${result.status}): ${result.content}\n`);
      }
      return result.status === 'ok' ? ExitCode.Ok : ExitCode.Failure;
    },
  };
}

export const toolCommand = createToolCommand({ extendContext: cliWriteContext });
