// Hooks in real turns: the engine as every shell opens it, the person's hooks as real bash
// scripts (run as the core runs them, JSON on stdin, exit 2 blocks with stderr), the real SDK
// against the fake Messages server. What the model is sent, what the person reads, the steps as
// they are kept and reloaded.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type { HookEvent } from '../../../../src/shared/hooks';
import { createAnthropicClient } from '../../../../src/main/core/agent/anthropic-client';
import { DEFAULT_MODEL } from '../../../../src/main/core/agent/model-catalog';
import { openProjectEngine } from '../../../../src/main/core/project/open-project-engine';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createConversationRepository } from '../../../../src/main/core/store/conversation-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
  type RecordedRequest,
} from '../../../support/fake-anthropic-server';
import { ofType } from './agent-harness';

const GUARD = `#!/bin/bash
input=$(cat)
case "$input" in
  *'rm -rf'*) echo "rm -rf is not allowed in this project" >&2; exit 2;;
  *'git push'*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushing needs a look"}}';;
esac
exit 0
`;

const PROMPT = `#!/bin/bash
input=$(cat)
case "$input" in
  *deploy*) echo "no deploys on Friday" >&2; exit 2;;
esac
echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"The sprint ends Thursday."}}'
`;

const AFTER = `#!/bin/bash
cat > /dev/null
echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"notes.txt is generated from notes.src"}}'
`;

const STOP = `#!/bin/bash
input=$(cat)
case "$input" in
  *'"stop_hook_active":true'*) exit 0;;
esac
echo "run the tests before you finish" >&2
exit 2
`;

let temp: string;
let project: string;
let home: string;
let db: WritableDb;
let server: FakeAnthropicServer;
let engine: ReturnType<typeof openProjectEngine> | undefined;
beforeEach(async () => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-hooks-turn-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(path.join(project, 'hooks'), { recursive: true });
  mkdirSync(home);
  writeFileSync(path.join(project, 'notes.txt'), 'the secret word is heron\n');
  for (const [name, text] of Object.entries({ GUARD, PROMPT, AFTER, STOP }))
    writeFileSync(path.join(project, 'hooks', `${name.toLowerCase()}.sh`), text, { mode: 0o755 });
  db = openAppDatabase({ home });
  server = await startFakeAnthropicServer();
});
afterEach(async () => {
  await engine?.dispose();
  engine = undefined;
  await server.close();
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

/** The engine, with the person's hooks added and an approver that rejects every command asked. */
async function open(
  hooks: {
    event: HookEvent;
    matcher?: string;
    script?: string;
    command?: string;
    timeoutSeconds?: number;
  }[],
): Promise<{ asked: AgentEvent[] }> {
  const asked: AgentEvent[] = [];
  engine = openProjectEngine({
    db,
    home,
    workspace: await Workspace.open(project),
    env: {},
    createClient: () =>
      createAnthropicClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 }),
    model: () => DEFAULT_MODEL,
    maxRounds: () => 8,
    createDiagnostics: null,
    createTests: null,
    approver: (gates) => ({
      onEvent: (event) => {
        if (event.type !== 'command_approval_request') return;
        asked.push(event);
        void gates.commands.gate.decide({
          approvalId: event.request.approvalId,
          commandHash: event.request.commandHash,
          decision: { type: 'reject', reason: 'not now' },
        });
      },
      close: () => undefined,
    }),
    onBackgroundError: (error) => {
      throw error;
    },
  });
  for (const hook of hooks)
    engine.hooks.add({
      event: hook.event,
      ...(hook.matcher ? { matcher: hook.matcher } : {}),
      command: hook.command ?? `bash "$CLAUDE_PROJECT_DIR/hooks/${hook.script}"`,
      ...(hook.timeoutSeconds ? { timeoutSeconds: hook.timeoutSeconds } : {}),
      scope: 'project',
    });
  return { asked };
}

async function send(text: string): Promise<{ events: AgentEvent[]; conversationId: string }> {
  if (!engine) throw new Error('open the engine first');
  const started = engine.runner.start({ kind: 'send', text });
  const events: AgentEvent[] = [];
  for await (const event of started.events) events.push(event);
  return { events, conversationId: started.conversationId };
}

function lastMessage(request: RecordedRequest | undefined) {
  return request?.body.messages?.at(-1)?.content as
    { type: string; text?: string; content?: unknown; is_error?: boolean }[] | undefined;
}

function toolResultText(request: RecordedRequest | undefined): string {
  const result = lastMessage(request)?.find((b) => b.type === 'tool_result');
  return typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content);
}

describe('hooks in a turn - real scripts', () => {
  it('PreToolUse - a hook denies rm -rf; the model reads the reason; the step is kept and reloaded', async () => {
    await open([{ event: 'PreToolUse', matcher: 'Bash', script: 'guard.sh' }]);
    server.enqueue(
      reply([toolUse('run_command', { command: 'rm -rf build', description: 'clean' }, 'tu_rm')]),
      reply('I will not remove it.'),
    );
    const { events, conversationId } = await send('Clean the build folder');
    expect(toolResultText(server.requests[1])).toBe(
      'Not run: the person\'s PreToolUse hook `bash "$CLAUDE_PROJECT_DIR/hooks/guard.sh"` blocked this call of run_command. Its reason: rm -rf is not allowed in this project',
    );
    expect(lastMessage(server.requests[1])?.[0]?.is_error).toBe(true);
    expect(ofType(events, 'tool_end')[0]).toMatchObject({ toolUseId: 'tu_rm', status: 'denied' });
    const [step] = ofType(events, 'hook_run');
    expect(step).toMatchObject({
      toolUseId: 'tu_rm',
      run: { event: 'PreToolUse', outcome: 'blocked', exitCode: 2, source: 'person' },
    });
    const transcript = createConversationRepository(db).transcript(conversationId);
    expect(transcript.map((item) => item.type)).toEqual(['user', 'tool', 'hook', 'assistant_text']);
    expect(transcript[2]).toMatchObject({
      type: 'hook',
      toolUseId: 'tu_rm',
      run: { outcome: 'blocked', output: 'rm -rf is not allowed in this project' },
    });
  });

  it("PreToolUse - ask sends a command a rule allows to the person, with the hook's reason", async () => {
    const { asked } = await open([{ event: 'PreToolUse', matcher: 'Bash', script: 'guard.sh' }]);
    if (!engine) throw new Error('no engine');
    engine.gates.commands.rules.add(engine.projectId, { prefix: ['git', 'push'], action: 'allow' });
    server.enqueue(
      reply([toolUse('run_command', { command: 'git push', description: 'publish' }, 'tu_push')]),
      reply('Not pushed.'),
    );
    const { events } = await send('Push it');
    expect(asked).toHaveLength(1);
    const request = asked[0]?.type === 'command_approval_request' ? asked[0].request : undefined;
    expect(request?.reason).toContain('your PreToolUse hook');
    expect(request?.reason).toContain('pushing needs a look');
    expect(ofType(events, 'tool_end')[0]).toMatchObject({ status: 'rejected' });
    expect(toolResultText(server.requests[1])).toContain('not now');
    expect(ofType(events, 'hook_run')[0]?.run.outcome).toBe('asked');
  });

  it('UserPromptSubmit - a block sends nothing and says why; otherwise its context is in the request', async () => {
    await open([{ event: 'UserPromptSubmit', script: 'prompt.sh' }]);
    const blocked = await send('deploy to production');
    expect(server.requests).toHaveLength(0);
    expect(ofType(blocked.events, 'error')[0]).toMatchObject({
      kind: 'hook_blocked',
      message: expect.stringContaining('Its reason: no deploys on Friday') as unknown,
    });
    expect(createConversationRepository(db).history(blocked.conversationId)).toEqual([]);

    server.enqueue(reply('Planned.'));
    await send('plan the week');
    expect(server.requests).toHaveLength(1);
    const texts = (lastMessage(server.requests[0]) ?? []).map((b) => b.text);
    expect(texts[0]).toBe('plan the week');
    expect(texts[1]).toContain('The sprint ends Thursday.');
  });

  it('PostToolUse - the context of a hook reaches the model after the tool result', async () => {
    await open([{ event: 'PostToolUse', matcher: 'read_file', script: 'after.sh' }]);
    server.enqueue(
      reply([toolUse('read_file', { path: 'notes.txt' }, 'tu_read')]),
      reply('The word is heron.'),
    );
    await send('What is the secret word?');
    const result = toolResultText(server.requests[1]);
    expect(result).toContain('the secret word is heron');
    expect(result).toContain('notes.txt is generated from notes.src');
    expect(result.indexOf('heron')).toBeLessThan(result.indexOf('generated'));
  });

  it('Stop - a block sends the reason back once; the turn goes on and then ends', async () => {
    await open([{ event: 'Stop', script: 'stop.sh' }]);
    server.enqueue(reply('Done.'), reply('Tests pass; done now.'));
    const { events } = await send('Fix it');
    expect(server.requests).toHaveLength(2);
    const sentBack = (lastMessage(server.requests[1]) ?? []).map((b) => b.text).join('');
    expect(sentBack).toContain('run the tests before you finish');
    expect(ofType(events, 'hook_run').map((e) => e.run.outcome)).toEqual(['blocked', 'passed']);
    expect(ofType(events, 'turn_end')[0]?.reason).toBe('end_turn');
  });

  it('timeout - a hook that runs past its timeout is a step; the tool runs and the turn goes on', async () => {
    await open([
      { event: 'PreToolUse', matcher: 'read_file', command: 'sleep 30', timeoutSeconds: 1 },
    ]);
    server.enqueue(
      reply([toolUse('read_file', { path: 'notes.txt' }, 'tu_read')]),
      reply('The word is heron.'),
    );
    const { events } = await send('What is the secret word?');
    const [step] = ofType(events, 'hook_run');
    expect(step?.run.outcome).toBe('timed_out');
    expect(ofType(events, 'tool_end')[0]).toMatchObject({ status: 'ok' });
    expect(toolResultText(server.requests[1])).toContain('heron');
    expect(ofType(events, 'turn_end')[0]?.reason).toBe('end_turn');
  }, 20_000);
});
