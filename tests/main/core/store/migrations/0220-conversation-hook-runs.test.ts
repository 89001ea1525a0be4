import { describe, expect, it } from 'vitest';
import { createConversationRepository } from '../../../../../src/main/core/store/conversation-repository';
import type { HookRun } from '../../../../../src/shared/hooks';
import { useTempAppDatabase } from '../temp-home';

const database = useTempAppDatabase();

function run(event: HookRun['event'], outcome: HookRun['outcome'], toolName?: string): HookRun {
  return {
    hookId: `h-${event}`,
    source: 'person',
    event,
    command: `./${event}.sh`,
    ...(toolName ? { toolName } : {}),
    outcome,
    exitCode: outcome === 'blocked' ? 2 : 0,
    ms: 412,
    output: outcome === 'blocked' ? 'not this\n' : '',
    ...(outcome === 'blocked' ? { reason: 'not this' } : {}),
  };
}

/** The transcript as "kind detail" lines, for short assertions. */
function shown(items: ReturnType<ReturnType<typeof createConversationRepository>['transcript']>) {
  return items.map((item) => {
    switch (item.type) {
      case 'user':
        return `user ${item.text}`;
      case 'assistant_text':
        return `text ${item.text}`;
      case 'tool':
        return `tool ${item.id} ${item.status}`;
      case 'hook':
        return `hook ${item.run.event} ${item.run.outcome}${item.toolUseId ? ` ${item.toolUseId}` : ''}${item.message ? ` "${item.message}"` : ''}`;
      case 'error':
        return `error ${item.message}`;
      default:
        return 'other';
    }
  });
}

describe('0220-conversation-hook-runs', () => {
  it('conversation hook runs - a reload shows each run where it happened, the Stop reason sent back is not the person speaking', () => {
    const repo = createConversationRepository(database());
    const conversation = repo.create({ projectId: 'p1', title: 'clean up', model: 'm' });
    const t1 = repo.startTurn(conversation.id, 'clean up');
    const recorder = repo.recorder(conversation.id);
    recorder.hookRun(run('SessionStart', 'passed'), t1, {});
    recorder.hookRun(run('UserPromptSubmit', 'passed'), t1, { message: 'prompt logged' });
    recorder.userMessage({ role: 'user', content: [{ type: 'text', text: 'clean up' }] }, t1);
    recorder.assistantMessage(
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Removing build.' },
          { type: 'tool_use', id: 'u1', name: 'run_command', input: { command: 'rm -rf build' } },
        ],
      },
      t1,
    );
    recorder.hookRun(run('PreToolUse', 'blocked', 'run_command'), t1, { toolUseId: 'u1' });
    recorder.toolCall(
      {
        call: { id: 'u1', name: 'run_command', input: { command: 'rm -rf build' } },
        label: 'Running rm -rf build',
        result: { status: 'denied', content: 'Not run: blocked' },
      },
      t1,
    );
    recorder.userMessage(
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'u1', content: 'Not run' }] },
      t1,
    );
    recorder.assistantMessage(
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      t1,
    );
    recorder.hookRun(run('Stop', 'blocked'), t1, {});
    recorder.userMessage(
      { role: 'user', content: [{ type: 'text', text: "The person's Stop hook did not let…" }] },
      t1,
    );
    recorder.assistantMessage(
      { role: 'assistant', content: [{ type: 'text', text: 'Now really done.' }] },
      t1,
    );
    recorder.hookRun(run('Stop', 'passed'), t1, {});
    recorder.turnEnd('end_turn', t1);

    expect(shown(repo.transcript(conversation.id))).toEqual([
      'user clean up',
      'hook SessionStart passed',
      'hook UserPromptSubmit passed "prompt logged"',
      'text Removing build.',
      'tool u1 denied',
      'hook PreToolUse blocked u1',
      'text Done.',
      'hook Stop blocked',
      'text Now really done.',
      'hook Stop passed',
    ]);
    const hook = repo.transcript(conversation.id).find((item) => item.type === 'hook');
    expect(hook).toMatchObject({
      id: `hook-${t1}-0`,
      run: { command: './SessionStart.sh', ms: 412, exitCode: 0, source: 'person' },
    });
  });

  it('conversation hook runs - a prompt a hook blocked shows the words the person typed, then the blocking step', () => {
    const repo = createConversationRepository(database());
    const conversation = repo.create({ projectId: 'p1', title: 'x', model: 'm' });
    const t1 = repo.startTurn(conversation.id, 'deploy to production');
    repo.recorder(conversation.id).hookRun(run('UserPromptSubmit', 'blocked'), t1, {});
    repo.recorder(conversation.id).turnEnd('end_turn', t1, 'blocked');
    expect(shown(repo.transcript(conversation.id))).toEqual([
      'user deploy to production',
      'hook UserPromptSubmit blocked',
    ]);
    expect(repo.history(conversation.id)).toEqual([]);
  });

  it('conversation hook runs - deleting the conversation deletes its runs', () => {
    const db = database();
    const repo = createConversationRepository(db);
    const conversation = repo.create({ projectId: 'p1', title: 'x', model: 'm' });
    const t1 = repo.startTurn(conversation.id, 'hi');
    repo.recorder(conversation.id).hookRun(run('Stop', 'passed'), t1, {});
    repo.delete(conversation.id);
    const count = db.prepare('SELECT COUNT(*) AS n FROM conversation_hook_runs').get() as {
      n: number;
    };
    expect(count.n).toBe(0);
  });
});
