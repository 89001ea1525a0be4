// The one wrapper every tool goes through (after opencode's tool/tool.ts): it validates the
// model's input with zod, turns a validation failure into a message the model can act on,
// turns anything thrown into an error result, and truncates output centrally so each tool
// stays small. Contract: runTool never throws.
import { z } from 'zod';
import type { ToolStatus } from '../../../shared/agent-events';
import type { ToolKind } from '../approvals/policy';

export type { ToolKind };

export interface ToolResult {
  /** Exactly what the model is told. */
  content: string;
  status: ToolStatus;
  /** What the person reads in place of `content` (words for the model); absent: the status. */
  shownAs?: string;
}

/**
 * What a tool may touch. Each module adds its own port here; tools reach the file system
 * only through `workspace`.
 */
export interface ToolContext {
  readonly workspace: import('../workspace/workspace').Workspace;
  readonly signal: AbortSignal;
  /** Present inside an agent turn. */
  readonly conversationId?: string;
  readonly turnId?: string;
  readonly toolUseId?: string;
  /** The approval gate write tools ask before writing; absent → writes are refused. */
  readonly approvals?: import('../approvals/approval-port').ApprovalPort;
  /** The project's symbol index (find_definition, find_importers); absent → the tools index on demand. */
  readonly symbolIndex?: import('../index/symbol-index-port').SymbolIndexPort;
  /** The turn's event stream (approval requests, live command output); absent outside a turn. */
  readonly emit?: (event: import('../../../shared/agent-events').AgentEvent) => void;
  /**
   * Where a write tool's proposal goes instead of the approval gate in a run nobody watches
   * (propose mode, `sluice mcp`): into the run's overlay, with what the model is told. Nobody
   * is asked and nothing is written, so nothing pretends to decide.
   */
  readonly propose?: (proposal: import('../edits/proposal').Proposal) => Promise<ToolResult>;
  /** run_command's gate, sandbox and logs; absent → run_command is refused. */
  readonly commands?: import('../commands/command-port').CommandPort;
  /**
   * Evidence before approval: write tools check their proposal with it before
   * asking; absent → nothing is checked and reviews carry no evidence.
   */
  readonly diagnostics?: import('../diagnostics/project-diagnostics').ProjectDiagnostics;
  /**
   * Tests before approval: right after the type check, the tests the proposal
   * affects run on its text in a private copy; absent → no test run.
   */
  readonly tests?: import('../test-runs/project-tests').ProjectTests;
  /**
   * The person's PreToolUse hooks on write tools, run on the proposal's text in a private copy
   * beside the tests; absent → no hook runs on a proposal.
   */
  readonly proposalHooks?: import('../hooks/proposal-hooks').ProposalHooks;
  /** Plan mode's gate: submit_plan asks the person through it; absent → no plan can be asked. */
  readonly plans?: import('../approvals/plan-gate').PlanPort;
  /**
   * A PreToolUse hook asked that the person decide this call (why, in words): a tool whose gate
   * asks (run_command, MCP tools) asks even where a rule would allow it; a deny still denies.
   */
  readonly hookAsk?: string;
}

export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  /** Written for the model: what the tool does, when to use it, what comes back. */
  readonly description: string;
  readonly schema: S;
  readonly kind: ToolKind;
  /**
   * The input schema as JSON Schema when it comes from elsewhere (an MCP server's tool):
   * sent to the model as is instead of the zod schema's conversion.
   */
  readonly inputJsonSchema?: Record<string, unknown>;
  /** Short human label for the step list: "Reading src/app.ts". */
  label(input: z.output<S>): string;
  /** May throw: runTool turns a throw into an error result. */
  run(input: z.output<S>, ctx: ToolContext): Promise<ToolResult>;
}

export function defineTool<S extends z.ZodType>(tool: ToolDefinition<S>): ToolDefinition<S> {
  return tool;
}

/**
 * Upper bound on any tool result sent to the model. Room for read_file's 256 KB window plus
 * its note on how to read the rest; other tools keep well under it themselves.
 */
export const MAX_TOOL_RESULT_CHARS = 256 * 1024 + 8 * 1024;

export function ok(content: string): ToolResult {
  return { content, status: 'ok' };
}

export function toolError(content: string): ToolResult {
  return { content, status: 'error' };
}

export function describeInputError(toolName: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join('.') : '(input)';
    return `- ${where}: ${issue.message}`;
  });
  return `The ${toolName} tool was called with invalid input:\n${lines.join('\n')}\nRewrite the input so that it satisfies the tool's schema and call it again.`;
}

export function truncateResult(content: string, limit = MAX_TOOL_RESULT_CHARS): string {
  if (content.length <= limit) return content;
  const omitted = content.length - limit;
  return `${content.slice(0, limit)}\n… [output truncated: ${omitted} more characters not shown; narrow the request]`;
}

/** Validates, runs, catches and truncates. Never throws. */
export async function runTool(
  tool: ToolDefinition,
  rawInput: unknown,
  ctx: ToolContext,
): Promise<ToolResult> {
  const parsed = tool.schema.safeParse(rawInput ?? {});
  if (!parsed.success) return toolError(describeInputError(tool.name, parsed.error));
  if (ctx.signal.aborted) return toolError('The tool was not run: the turn was aborted.');
  try {
    const result = await tool.run(parsed.data, ctx);
    return { ...result, content: truncateResult(result.content) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return toolError(`${tool.name} failed: ${message}`);
  }
}

/** Safe label even for input that failed validation. */
export function labelFor(tool: ToolDefinition, rawInput: unknown): string {
  const parsed = tool.schema.safeParse(rawInput ?? {});
  if (!parsed.success) return `${tool.name} (invalid input)`;
  try {
    return tool.label(parsed.data);
  } catch {
    return tool.name;
  }
}

/** The tool's definition as the Messages API wants it. */
export function toApiTool(tool: ToolDefinition): {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
} {
  if (tool.inputJsonSchema)
    return { name: tool.name, description: tool.description, input_schema: tool.inputJsonSchema };
  const schema = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return { name: tool.name, description: tool.description, input_schema: schema };
}
