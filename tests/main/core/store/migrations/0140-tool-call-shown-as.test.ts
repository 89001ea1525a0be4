import { describe, expect, it } from 'vitest';
import { createConversationRepository } from '../../../../../src/main/core/store/conversation-repository';
import { useTempAppDatabase } from '../temp-home';

const database = useTempAppDatabase();

describe('0140-tool-call-shown-as', () => {
  it('keeps what the person reads of a step beside what the model was told, across a reload', () => {
    const repo = createConversationRepository(database());
    const conversation = repo.create({ projectId: 'p1', title: 'fix the cart', model: 'm' });
    const t1 = repo.startTurn(conversation.id, 'fix the cart');
    const recorder = repo.recorder(conversation.id);
    recorder.userMessage({ role: 'user', content: [{ type: 'text', text: 'fix the cart' }] }, t1);
    recorder.assistantMessage(
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'u1', name: 'edit_file', input: { path: 'a.ts' } },
          { type: 'tool_use', id: 'u2', name: 'read_file', input: { path: 'a.ts' } },
        ],
      },
      t1,
    );
    recorder.toolCall(
      {
        call: { id: 'u1', name: 'edit_file', input: { path: 'a.ts' } },
        label: 'Editing a.ts',
        result: {
          status: 'error',
          content: 'Not yet applied, and not shown to the person: …',
          shownAs: 'Sent 1 error in a.ts back to Claude before showing you the change',
        },
      },
      t1,
    );
    recorder.toolCall(
      {
        call: { id: 'u2', name: 'read_file', input: { path: 'a.ts' } },
        label: 'Reading a.ts',
        result: { status: 'ok', content: 'text' },
      },
      t1,
    );
    const steps = repo.transcript(conversation.id).filter((item) => item.type === 'tool');
    expect(steps.map((s) => ('shownAs' in s ? s.shownAs : undefined))).toEqual([
      'Sent 1 error in a.ts back to Claude before showing you the change',
      undefined,
    ]);
  });
});
