// PreToolUse and PostToolUse around one tool call (Claude Code's contract). Before: a block
// means the tool does not run and the model reads whose hook blocked it and why; `ask` makes the
// call go to the person even where a rule would allow it (the tool's own gate asks: run_command's
// command gate, an MCP tool's); where nobody can be asked about a tool, it is not run, in words.
// `allow` is recorded and changes nothing: Sluice's gates still decide. A write tool that makes
// a proposal (edit_file, create_file) is not judged here: its PreToolUse hooks run on the
// proposed text, as evidence. After: a block or added context is appended to the result the
// model reads.
import { approvalRequestSchema } from '../../../shared/approvals';
import { missingCase } from '../../../shared/missing-case';
import type { ToolDefinition, ToolResult } from '../tools/tool';
import {
  afterCallWords,
  blockedCallShown,
  blockedCallWords,
  hookAskWords,
  unaskableCallShown,
  unaskableCallWords,
} from './hook-verdict-words';
import type { TurnHooks } from './turn-hooks';

/** The write tools whose calls become proposals: their PreToolUse hooks are evidence. */
const PROPOSAL_TOOLS: ReadonlySet<string> = new Set(approvalRequestSchema.shape.tool.options);

/**
 * Tools whose own gate asks the person and honours a hook's ask (`ToolContext.hookAsk`):
 * run_command (the command gate), MCP tools (their call gate), submit_plan (always asked).
 */
function gateAsks(toolName: string): boolean {
  return toolName === 'run_command' || toolName === 'submit_plan' || toolName.startsWith('mcp__');
}

export interface ToolCallRef {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** What the PreToolUse hooks decided: not run (with the result), or run, perhaps asked. */
export type BeforeCall =
  | { readonly run: false; readonly result: ToolResult }
  | { readonly run: true; readonly hookAsk?: string };

export const STOPPED_BY_HOOK = 'Not run: a hook stopped the turn before this call.';

export async function beforeToolCall(
  hooks: TurnHooks,
  call: ToolCallRef,
  tool: ToolDefinition,
): Promise<BeforeCall> {
  if (hooks.stopRequest)
    return { run: false, result: { status: 'error', content: STOPPED_BY_HOOK } };
  if (PROPOSAL_TOOLS.has(tool.name)) return { run: true };
  const verdict = await hooks.preToolUse({
    toolName: call.name,
    toolInput: call.input,
    toolUseId: call.id,
  });
  if (verdict.stop) return { run: false, result: { status: 'error', content: STOPPED_BY_HOOK } };
  switch (verdict.decision) {
    case 'block':
      return {
        run: false,
        result: {
          status: 'denied',
          content: blockedCallWords(verdict, call.name),
          shownAs: blockedCallShown(verdict),
        },
      };
    case 'ask':
      return gateAsks(tool.name)
        ? { run: true, hookAsk: hookAskWords(verdict) }
        : {
            run: false,
            result: {
              status: 'denied',
              content: unaskableCallWords(verdict, call.name),
              shownAs: unaskableCallShown(verdict),
            },
          };
    case 'allow':
    case 'none':
      return { run: true };
    default:
      return missingCase(verdict.decision);
  }
}

/** The result the model reads after PostToolUse: the tool's, with a hook's words appended. */
export async function afterToolCall(
  hooks: TurnHooks,
  call: ToolCallRef,
  result: ToolResult,
): Promise<ToolResult> {
  const verdict = await hooks.postToolUse({
    toolName: call.name,
    toolInput: call.input,
    toolUseId: call.id,
    toolResponse: result.content,
  });
  const added = afterCallWords(verdict);
  return added ? { ...result, content: `${result.content}\n\n${added}` } : result;
}
