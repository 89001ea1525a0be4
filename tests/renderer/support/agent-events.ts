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
