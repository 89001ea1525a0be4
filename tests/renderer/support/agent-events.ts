// Small builders for AgentEvents so tests read as the stream the agent produces.
import type { AgentEvent, ToolStatus } from '../../../src/shared/agent-events';
import type { ApprovalRequest } from '../../../src/shared/approvals';

const ids = { conversationId: 'c1', turnId: 't1' };

export const ev = {
  turnStart: (userText: string, turnId = 't1'): AgentEvent => ({
    type: 'turn_start',
    ...ids,
    turnId,
    userText,
    model: 'm',
  }),
  text: (text: string, messageId = 'm1', turnId = 't1'): AgentEvent => ({
    type: 'text_delta',
    ...ids,
    turnId,
    messageId,
    text,
  }),
  toolStart: (
    toolUseId: string,
    label: string,
    input: unknown = {},
    name = 'read_file',
  ): AgentEvent => ({
    type: 'tool_start',
    ...ids,
    toolUseId,
    name,
    input,
    label,
  }),
  toolEnd: (
    toolUseId: string,
    status: ToolStatus = 'ok',
    result = 'done',
    name = 'read_file',
  ): AgentEvent => ({
    type: 'tool_end',
    ...ids,
    toolUseId,
    name,
    status,
    result,
  }),
  turnEnd: (
    reason: 'end_turn' | 'max_turns' | 'aborted' | 'error' = 'end_turn',
    turnId = 't1',
  ): AgentEvent => ({
    type: 'turn_end',
    ...ids,
    turnId,
    reason,
  }),
  error: (message: string, retryable = true): AgentEvent => ({
    type: 'error',
    ...ids,
    kind: 'overloaded',
    message,
    retryable,
  }),
  usage: (
    inputTokens: number,
    outputTokens: number,
    costUsd: number,
    contextWindow?: number,
  ): AgentEvent => ({
    type: 'usage',
    ...ids,
    model: 'm',
    usage: { inputTokens, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd },
    ...(contextWindow ? { contextWindow } : {}),
  }),
  approval: (request: ApprovalRequest, conversationId = 'c1', toolUseId?: string): AgentEvent => ({
    type: 'approval_request',
    conversationId,
    turnId: 't1',
    ...(toolUseId ? { toolUseId } : {}),
    request,
  }),
};

export function editRequest(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    approvalId: 'a1',
    proposalHash: 'hash-1',
    tool: 'edit_file',
    path: 'src/app.ts',
    isNewFile: false,
    before:
      'const a = 1;\nconst b = 2;\nkeep();\nkeep();\nkeep();\nkeep();\nkeep();\nkeep();\nconst c = 3;\n',
    after:
      'const a = 10;\nconst b = 2;\nkeep();\nkeep();\nkeep();\nkeep();\nkeep();\nkeep();\nconst c = 30;\n',
    unifiedDiff: '',
    hunks: [
      {
        id: 'h1',
        oldStart: 1,
        oldLines: 2,
        newStart: 1,
        newLines: 2,
        lines: ['-const a = 1;', '+const a = 10;', ' const b = 2;'],
      },
      {
        id: 'h2',
        oldStart: 8,
        oldLines: 2,
        newStart: 8,
        newLines: 2,
        lines: [' keep();', '-const c = 3;', '+const c = 30;'],
      },
    ],
    description: 'Bump the constants',
    reason: 'mode ask',
    protectedPath: false,
    coarseDiff: false,
    ...overrides,
  };
}

const KEPT = 'keep();\n'.repeat(8);
const CONTEXT = [' keep();', ' keep();', ' keep();'];

/** The text of threeHunkRequest with only the named changes (1, 2, 3) made. */
export function threeHunkText(kept: readonly number[]): string {
  const a = kept.includes(1) ? 10 : 1;
  const b = kept.includes(2) ? 20 : 2;
  const c = kept.includes(3) ? 30 : 3;
  return `const a = ${a};\n${KEPT}const b = ${b};\n${KEPT}const c = ${c};\n`;
}

/** Three one-line changes eight lines apart: three hunks, as main's diff makes them. */
export function threeHunkRequest(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return editRequest({
    before: threeHunkText([]),
    after: threeHunkText([1, 2, 3]),
    hunks: [
      {
        id: 'h1',
        oldStart: 1,
        oldLines: 4,
        newStart: 1,
        newLines: 4,
        lines: ['-const a = 1;', '+const a = 10;', ...CONTEXT],
      },
      {
        id: 'h2',
        oldStart: 7,
        oldLines: 7,
        newStart: 7,
        newLines: 7,
        lines: [...CONTEXT, '-const b = 2;', '+const b = 20;', ...CONTEXT],
      },
      {
        id: 'h3',
        oldStart: 16,
        oldLines: 4,
        newStart: 16,
        newLines: 4,
        lines: [...CONTEXT, '-const c = 3;', '+const c = 30;'],
      },
    ],
    ...overrides,
  });
}
