import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../src/main/core/agent/chat-message';
import {
  INTERRUPTED_RESULT,
  repairToolPairing,
} from '../../../../src/main/core/agent/history-repair';
import {
  cachedMessages,
  mergeConsecutiveRoles,
} from '../../../../src/main/core/agent/prompt-cache';

const ask: ChatMessage = { role: 'user', content: [{ type: 'text', text: 'go' }] };
const calls: ChatMessage = {
  role: 'assistant',
  content: [
    { type: 'tool_use', id: 'a', name: 'read_file', input: {} },
    { type: 'tool_use', id: 'b', name: 'read_file', input: {} },
  ],
};

describe('repairToolPairing', () => {
  it('valid history - unchanged', () => {
    const results: ChatMessage = {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'a', content: '1' },
        { type: 'tool_result', tool_use_id: 'b', content: '2' },
      ],
    };
    expect(repairToolPairing([ask, calls, results])).toEqual([ask, calls, results]);
  });

  it('crash after a reply - missing results are added as "not run" errors', () => {
    const repaired = repairToolPairing([ask, calls]);
    expect(repaired).toHaveLength(3);
    expect(repaired[2]?.content).toEqual([
      { type: 'tool_result', tool_use_id: 'a', content: INTERRUPTED_RESULT, is_error: true },
      { type: 'tool_result', tool_use_id: 'b', content: INTERRUPTED_RESULT, is_error: true },
    ]);
  });

  it('partial results and orphans - missing added, orphan results dropped, text kept after results', () => {
    const partial: ChatMessage = {
      role: 'user',
      content: [
        { type: 'text', text: 'also' },
        { type: 'tool_result', tool_use_id: 'a', content: '1' },
        { type: 'tool_result', tool_use_id: 'zzz', content: '?' },
      ],
    };
    const repaired = repairToolPairing([ask, calls, partial]);
    expect(
      repaired[2]?.content.map((b) => (b.type === 'tool_result' ? b.tool_use_id : b.type)),
    ).toEqual(['a', 'b', 'text']);
  });
});

describe('prompt cache helpers', () => {
  it('cachedMessages - marks only the last block, leaves the input untouched', () => {
    const marked = cachedMessages([ask, calls]);
    expect(marked[1]?.content[1]).toMatchObject({ cache_control: { type: 'ephemeral' } });
    expect(marked[1]?.content[0]).not.toHaveProperty('cache_control');
    expect(calls.content[1]).not.toHaveProperty('cache_control');
  });

  it('mergeConsecutiveRoles - joins user messages left after an aborted turn', () => {
    const merged = mergeConsecutiveRoles([
      ask,
      { role: 'user', content: [{ type: 'text', text: 'again' }] },
    ]);
    expect(merged).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'go' },
          { type: 'text', text: 'again' },
        ],
      },
    ]);
  });
});
