// Runs the tool_use blocks of one assistant message. Consecutive read tools run in parallel;
// a write tool runs alone, after everything before it and before anything after it, so writes
// happen one at a time in the model's order. Results come back in the model's order. With
// hooks, each call has its PreToolUse and PostToolUse hooks around it (tool-hooks.ts).
// Contract: never throws; every call gets exactly one result.
import type { AgentEvent } from '../../../shared/agent-events';
import { afterToolCall, beforeToolCall } from './tool-hooks';
import type { TurnHooks } from './turn-hooks';
import {
  labelFor,
  runTool,
  type ToolContext,
  type ToolDefinition,
  type ToolResult,
} from '../tools/tool';

export interface ToolCall {
  id: string;
  name: string;
  input: unknown;
}

export interface ToolCallOutcome {
  call: ToolCall;
  label: string;
  result: ToolResult;
}

/** Every ToolContext field the loop does not fill in itself (workspace, approvals, …). */
export type ToolPorts = Omit<
  ToolContext,
  'signal' | 'conversationId' | 'turnId' | 'toolUseId' | 'emit' | 'hookAsk'
>;

export interface ExecuteOptions {
  calls: ToolCall[];
  tools: ReadonlyMap<string, ToolDefinition>;
  ports: ToolPorts;
  signal: AbortSignal;
  conversationId: string;
  turnId: string;
  emit(event: AgentEvent): void;
  /** Called as each call finishes, so persistence records it at once. */
  onOutcome?(outcome: ToolCallOutcome): void;
  /** The turn's hooks: PreToolUse before each call, PostToolUse after it. */
  hooks?: TurnHooks | undefined;
}

/** Longest tool result carried in a tool_end event; the model always gets the full text. */
const EVENT_RESULT_CHARS = 4_000;

function unknownTool(name: string, tools: ReadonlyMap<string, ToolDefinition>): ToolResult {
  return {
    status: 'error',
    content: `There is no tool named "${name}". Available tools: ${[...tools.keys()].join(', ')}.`,
  };
}

export const ABORTED_RESULT = 'Not run: the person aborted the turn.';

async function runCall(call: ToolCall, options: ExecuteOptions): Promise<ToolCallOutcome> {
  const { tools, conversationId, turnId, emit, signal } = options;
  const tool = tools.get(call.name);
  const label = tool ? labelFor(tool, call.input) : call.name;
  if (signal.aborted) return { call, label, result: { status: 'error', content: ABORTED_RESULT } };
  emit({
    type: 'tool_start',
    conversationId,
    turnId,
    toolUseId: call.id,
    name: call.name,
    input: call.input,
    label,
  });
  const ctx: ToolContext = {
    ...options.ports,
    signal,
    conversationId,
    turnId,
    toolUseId: call.id,
    emit,
  };
  const result = tool
    ? await runHooked(tool, call, ctx, options.hooks)
    : unknownTool(call.name, tools);
  const shown =
    result.content.length > EVENT_RESULT_CHARS
      ? `${result.content.slice(0, EVENT_RESULT_CHARS)}\n… [${result.content.length - EVENT_RESULT_CHARS} more characters]`
      : result.content;
  emit({
    type: 'tool_end',
    conversationId,
    turnId,
    toolUseId: call.id,
    name: call.name,
    status: result.status,
    result: shown,
    ...(result.shownAs ? { shownAs: result.shownAs } : {}),
  });
  return { call, label, result };
}

/** The tool between its hooks: a PreToolUse block keeps it from running, an ask reaches its gate. */
async function runHooked(
  tool: ToolDefinition,
  call: ToolCall,
  ctx: ToolContext,
  hooks: TurnHooks | undefined,
): Promise<ToolResult> {
  if (!hooks) return runTool(tool, call.input, ctx);
  const before = await beforeToolCall(hooks, call, tool);
  if (!before.run) return before.result;
  const result = await runTool(
    tool,
    call.input,
    before.hookAsk ? { ...ctx, hookAsk: before.hookAsk } : ctx,
  );
  return ctx.signal.aborted ? result : afterToolCall(hooks, call, result);
}

async function runOne(call: ToolCall, options: ExecuteOptions): Promise<ToolCallOutcome> {
  const outcome = await runCall(call, options);
  options.onOutcome?.(outcome);
  return outcome;
}

export async function executeToolCalls(options: ExecuteOptions): Promise<ToolCallOutcome[]> {
  const outcomes: ToolCallOutcome[] = [];
  let batch: ToolCall[] = [];
  const flush = async (): Promise<void> => {
    if (!batch.length) return;
    const current = batch;
    batch = [];
    outcomes.push(...(await Promise.all(current.map((call) => runOne(call, options)))));
  };
  for (const call of options.calls) {
    const kind = options.tools.get(call.name)?.kind ?? 'read';
    if (kind === 'read') {
      batch.push(call);
      continue;
    }
    await flush();
    outcomes.push(await runOne(call, options));
  }
  await flush();
  return outcomes;
}
