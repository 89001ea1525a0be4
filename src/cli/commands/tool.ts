// `sluice tool NAME --project DIR --input JSON [--yes] [--json]`: runs one tool through the
// sandbox exactly as the agent would (runTool), prints its result, exits 0 ok / 1 tool error /
// 2 usage. A write tool gets the project engine's gates, checks and index (cli-engine.ts);
// only the named tool's module is loaded (see ../tool-loaders.ts).
import { runTool, type ToolContext, type ToolDefinition } from '../../main/core/tools/tool';
import type { Workspace } from '../../main/core/workspace/workspace';
import { ExitCode, UsageError, writeJsonLine, type CliIo, type Verb } from '../cli-io';
import { defineVerb, JSON_OPTION, PROJECT_OPTION } from '../define-verb';
import { openProject } from '../project-context';
import { outsideLine, outsideText } from '../terminal-safe-text';
import { loadAllTools, loadTool } from '../tool-loaders';

export interface ToolCommandDeps {
  /** The tools this command can run (default: the tool's own module, see tool-loaders.ts). */
  readonly createTools?: () => ToolDefinition[];
  /** The ports a tool runs with (default: the project engine's); close() after the run. */
  readonly extendContext?: (args: {
    workspace: Workspace;
    tool: ToolDefinition;
    yes: boolean;
    io: CliIo;
  }) => Promise<{ context: Partial<ToolContext>; close(): void | Promise<void> }>;
}

/** Tools that only read files: no gate, no index, no checks. */
const NO_ENGINE: ReadonlySet<string> = new Set([
  'read_file',
  'list_files',
  'search_files',
  'find_files',
  'load_skill',
]);

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

async function availableNames(deps: ToolCommandDeps): Promise<string> {
  const tools = deps.createTools ? deps.createTools() : await loadAllTools();
  return tools.map((t) => t.name).join(', ');
}

export function createToolCommand(deps: ToolCommandDeps = {}): Verb {
  return defineVerb({
    name: 'tool',
    args: 'NAME',
    required: ['input'],
    options: {
      project: PROJECT_OPTION,
      input: {
        type: 'string',
        value: 'JSON',
        help: 'the tool\'s input as a JSON object, e.g. \'{"path":"src/app.ts"}\'',
        defaultText: "required; '{}' for none",
      },
      yes: {
        type: 'boolean',
        default: false,
        help: 'approve what the tool proposes (writes, commands) without asking',
      },
      json: { ...JSON_OPTION, help: 'print the result as one JSON line' },
    },
    positionals: { min: 0, max: Number.POSITIVE_INFINITY, message: 'give exactly one tool NAME.' },
    async run({ values, positionals, io }) {
      if (positionals.length !== 1)
        throw new UsageError(
          `give exactly one tool NAME. Available tools: ${await availableNames(deps)}.`,
        );
      const name = positionals[0] as string;
      const tool = deps.createTools
        ? deps.createTools().find((t) => t.name === name)
        : await loadTool(name);
      if (!tool)
        throw new UsageError(
          `unknown tool "${outsideLine(name)}". Available tools: ${await availableNames(deps)}.`,
        );
      if (values.input === undefined)
        throw new UsageError("--input JSON is required (use --input '{}' for no arguments).");
      const input = parseInput(values.input);
      const { workspace } = await openProject(io, values.project);

      const controller = new AbortController();
      const extra = await (deps.extendContext ?? engineContext)({
        workspace,
        tool,
        yes: values.yes,
        io,
      });
      let result;
      try {
        const ctx: ToolContext = { ...extra.context, workspace, signal: controller.signal };
        result = await runTool(tool, input, ctx);
      } finally {
        await extra.close();
      }
      if (values.json) {
        writeJsonLine(io, { tool: tool.name, status: result.status, content: result.content });
      } else if (result.status === 'ok') {
        const shown = outsideText(result.content);
        io.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`);
      } else {
        io.stderr.write(`${tool.name} (${result.status}): ${outsideText(result.content)}\n`);
      }
      return result.status === 'ok' ? ExitCode.Ok : ExitCode.Failure;
    },
  });
}

/**
 * The project engine's ports for the tool: a write tool gets the gates, the checks and the
 * index; read_command_output the command logs; a tool that only reads files needs nothing of
 * the engine, so neither it nor SQLite is loaded.
 */
async function engineContext(args: {
  workspace: Workspace;
  tool: ToolDefinition;
  yes: boolean;
  io: CliIo;
}): Promise<{ context: Partial<ToolContext>; close(): void | Promise<void> }> {
  if (NO_ENGINE.has(args.tool.name)) return { context: {}, close: () => undefined };
  const { openCliToolContext } = await import('../cli-engine');
  return openCliToolContext({
    io: args.io,
    workspace: args.workspace,
    yes: args.yes,
    tool: args.tool,
  });
}

export default createToolCommand();
