// The agent loop with the engine's hooks (a scripted ProjectHooks), the real SDK against the fake
// Messages server: what a hook's verdict does to a turn, what the model is sent, what the person
// reads, and that each run is a step.
import { describe, expect, it, afterEach } from 'vitest';
import { z } from 'zod';
import { defineTool, ok, type ToolDefinition } from '../../../../src/main/core/tools/tool';
import { MAX_STOP_BLOCKS } from '../../../../src/main/core/agent/turn-hooks';
import { reply, toolUse, type RecordedRequest } from '../../../support/fake-anthropic-server';
import { createScriptedLoopHooks, type HookScript } from '../../../support/scripted-loop-hooks';
import { ofType, readFileTool, runTurn, startHarness, textOf, type Harness } from './agent-harness';

let h: Harness;
afterEach(async () => {
  await h.close();
});

/** A write tool that is not a proposal (as run_command is): it records each run. */
function shellTool(ran: string[]): ToolDefinition {
  return defineTool({
    name: 'shell',
    description: 'Runs a shell line.',
    schema: z.object({ line: z.string() }).strict(),
    kind: 'write',
    label: (input) => `Running ${input.line}`,
    run: (input) => {
      ran.push(input.line);
      return Promise.resolve(ok(`ran ${input.line}`));
    },
  });
}

type Message = { role: string; content: unknown };

function messagesOf(request: RecordedRequest | undefined): Message[] {
  return (request?.body.messages ?? []) as Message[];
}

function blocksOf(message: Message | undefined): { type: string; [key: string]: unknown }[] {
  const content = message?.content;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as { type: string }[]) : [];
}

/** The tool_result blocks of the last message of a request. */
function toolResults(request: RecordedRequest | undefined) {
  return blocksOf(messagesOf(request).at(-1)).filter(
    (b) => b.type === 'tool_result',
  ) as unknown as {
    tool_use_id: string;
    content: string;
    is_error?: boolean;
  }[];
}

function texts(message: Message | undefined): string[] {
  return blocksOf(message)
    .filter((b) => b.type === 'text')
    .map((b) => b.text as string);
}

async function hooked(script: HookScript, ran: string[] = []) {
  h = await startHarness({ 'a.txt': 'alpha' });
  const hooks = createScriptedLoopHooks(script);
  return { hooks, ran, tools: [readFileTool, shellTool(ran)] };
}

describe('agent loop - PreToolUse', () => {
  it('PreToolUse - a block keeps the tool from running and the model reads whose hook and why', async () => {
    const { hooks, ran, tools } = await hooked({
      PreToolUse: (input) =>
        JSON.stringify(input).includes('rm -rf')
          ? { decision: 'block', reason: 'rm -rf is not allowed here', command: './no-rm.sh' }
          : {},
    });
    h.server.enqueue(
      reply([toolUse('shell', { line: 'rm -rf build' }, 'tu_rm')]),
      reply([toolUse('shell', { line: 'ls' }, 'tu_ls')]),
      reply('Listed instead.'),
    );
    const { events, outcome } = await runTurn(h, { tools, hooks });
    expect(outcome.reason).toBe('end_turn');
    expect(ran).toEqual(['ls']);
    const [blocked] = toolResults(h.server.requests[1]);
    expect(blocked).toMatchObject({ tool_use_id: 'tu_rm', is_error: true });
    expect(blocked?.content).toBe(
      "Not run: the person's PreToolUse hook `./no-rm.sh` blocked this call of shell. Its reason: rm -rf is not allowed here",
    );
    expect(ofType(events, 'tool_end').map((e) => [e.toolUseId, e.status])).toEqual([
      ['tu_rm', 'denied'],
      ['tu_ls', 'ok'],
    ]);
    expect(hooks.of('PreToolUse').map((c) => c.input)).toEqual([
      { toolName: 'shell', toolInput: { line: 'rm -rf build' }, toolUseId: 'tu_rm' },
      { toolName: 'shell', toolInput: { line: 'ls' }, toolUseId: 'tu_ls' },
    ]);
    const steps = ofType(events, 'hook_run').filter((e) => e.run.event === 'PreToolUse');
    expect(steps.map((e) => [e.toolUseId, e.run.outcome, e.run.toolName])).toEqual([
      ['tu_rm', 'blocked', 'shell'],
      ['tu_ls', 'passed', 'shell'],
    ]);
    // The step comes between the tool's start and its end.
    const order = events.map((e) => `${e.type}${'toolUseId' in e ? `:${e.toolUseId}` : ''}`);
    expect(order.indexOf('hook_run:tu_rm')).toBeGreaterThan(order.indexOf('tool_start:tu_rm'));
    expect(order.indexOf('hook_run:tu_rm')).toBeLessThan(order.indexOf('tool_end:tu_rm'));
  });

  it("PreToolUse - the project's hook is named as the project's", async () => {
    const { tools, hooks } = await hooked({
      PreToolUse: () => ({ decision: 'block', reason: 'frozen', source: 'project' }),
    });
    h.server.enqueue(reply([toolUse('shell', { line: 'make' }, 'tu1')]), reply('ok'));
    await runTurn(h, { tools, hooks });
    expect(toolResults(h.server.requests[1])[0]?.content).toBe(
      "Not run: the project's PreToolUse hook `./PreToolUse.sh` blocked this call of shell. Its reason: frozen",
    );
  });

  it('PreToolUse - ask on a read tool, which nobody can be asked about, does not run it and says so', async () => {
    const { tools, hooks } = await hooked({
      PreToolUse: () => ({ decision: 'ask', reason: 'secrets may be near' }),
    });
    h.server.enqueue(reply([toolUse('read_file', { path: 'a.txt' }, 'tu1')]), reply('ok'));
    const { events } = await runTurn(h, { tools, hooks });
    const [result] = toolResults(h.server.requests[1]);
    expect(result?.is_error).toBe(true);
    expect(result?.content).toContain("asked for the person's approval of this call of read_file");
    expect(result?.content).toContain('Its reason: secrets may be near');
    expect(result?.content).not.toContain('alpha');
    expect(ofType(events, 'hook_run')[0]?.run.outcome).toBe('asked');
  });

  it('PreToolUse - allow runs the tool as usual and is recorded as a step', async () => {
    const { tools, ran } = await hooked({});
    const hooks = createScriptedLoopHooks({ PreToolUse: () => ({ decision: 'allow' }) });
    h.server.enqueue(reply([toolUse('shell', { line: 'ls' }, 'tu1')]), reply('ok'));
    const { events } = await runTurn(h, { tools, hooks });
    expect(ran).toEqual(['ls']);
    expect(ofType(events, 'hook_run').map((e) => e.run.event)).toEqual(['PreToolUse']);
  });

  it('PreToolUse - a write tool that makes a proposal is left to the proposal hooks', async () => {
    const { tools } = await hooked({});
    const hooks = createScriptedLoopHooks({ PreToolUse: () => ({ decision: 'block' }) });
    const edit = defineTool({
      name: 'edit_file',
      description: 'Edits.',
      schema: z.object({ path: z.string() }).strict(),
      kind: 'write',
      label: () => 'Editing',
      run: () => Promise.resolve(ok('proposed and applied')),
    });
    h.server.enqueue(reply([toolUse('edit_file', { path: 'a.txt' }, 'tu1')]), reply('ok'));
    await runTurn(h, { tools: [...tools, edit], hooks });
    expect(hooks.of('PreToolUse')).toEqual([]);
    expect(hooks.of('PostToolUse').map((c) => (c.input as { toolName: string }).toolName)).toEqual([
      'edit_file',
    ]);
    expect(toolResults(h.server.requests[1])[0]?.content).toBe('proposed and applied');
  });
});

describe('agent loop - PostToolUse', () => {
  it('PostToolUse - gets the result text, and its context and block reach the model after the result', async () => {
    const { tools } = await hooked({});
    const hooks = createScriptedLoopHooks({
      PostToolUse: (_input, call) =>
        call === 0
          ? { additionalContext: 'a.txt is generated; edit a.src instead' }
          : { decision: 'block', reason: 'the build is now stale' },
    });
    h.server.enqueue(
      reply([toolUse('read_file', { path: 'a.txt' }, 'tu1')]),
      reply([toolUse('shell', { line: 'touch a.txt' }, 'tu2')]),
      reply('ok'),
    );
    await runTurn(h, { tools, hooks });
    expect(hooks.of('PostToolUse')[0]?.input).toMatchObject({
      toolName: 'read_file',
      toolUseId: 'tu1',
      toolResponse: 'alpha',
    });
    expect(toolResults(h.server.requests[1])[0]?.content).toBe(
      "alpha\n\nContext from the person's PostToolUse hook `./PostToolUse.sh`:\na.txt is generated; edit a.src instead",
    );
    expect(toolResults(h.server.requests[2])[0]?.content).toBe(
      "ran touch a.txt\n\nThe person's PostToolUse hook `./PostToolUse.sh` objected to this result (the tool had already run). Its reason: the build is now stale",
    );
  });
});

describe('agent loop - UserPromptSubmit', () => {
  it('UserPromptSubmit - a block stops the turn before any request; the person reads why; nothing is kept', async () => {
    const { tools } = await hooked({});
    const hooks = createScriptedLoopHooks({
      UserPromptSubmit: () => ({ decision: 'block', reason: 'no deploys on Friday' }),
    });
    const { events, outcome } = await runTurn(h, { tools, hooks, userText: 'deploy now' });
    expect(h.server.requests).toEqual([]);
    expect(hooks.of('UserPromptSubmit').map((c) => c.input)).toEqual(['deploy now']);
    expect(outcome.history).toEqual([]);
    const [error] = ofType(events, 'error');
    expect(error).toMatchObject({ kind: 'hook_blocked', retryable: false });
    expect(error?.message).toBe(
      'Your UserPromptSubmit hook `./UserPromptSubmit.sh` blocked this prompt; nothing was sent to Claude. Its reason: no deploys on Friday',
    );
    expect(ofType(events, 'turn_end')[0]).toMatchObject({ reason: 'end_turn' });
    expect(ofType(events, 'hook_run')[0]?.run.outcome).toBe('blocked');
  });

  it("UserPromptSubmit - added context is in the message the model reads, after the person's text", async () => {
    const { tools } = await hooked({});
    const hooks = createScriptedLoopHooks({
      UserPromptSubmit: () => ({ additionalContext: 'The sprint ends Thursday.' }),
    });
    h.server.enqueue(reply('Noted.'));
    const { outcome } = await runTurn(h, { tools, hooks, userText: 'plan the week' });
    const sent = messagesOf(h.server.requests[0]).at(-1);
    expect(texts(sent)).toEqual([
      'plan the week',
      "Context from the person's UserPromptSubmit hook `./UserPromptSubmit.sh`:\nThe sprint ends Thursday.",
    ]);
    expect(outcome.reason).toBe('end_turn');
  });
});

describe('agent loop - Stop', () => {
  it('Stop - a block sends the reason back and the turn goes on once, with stop_hook_active the next time', async () => {
    const { tools } = await hooked({});
    const hooks = createScriptedLoopHooks({
      Stop: (active) => (active ? {} : { decision: 'block', reason: 'run the tests first' }),
    });
    h.server.enqueue(reply('Done.'), reply('Tests ran; now done.'));
    const { events, outcome } = await runTurn(h, { tools, hooks });
    expect(outcome.reason).toBe('end_turn');
    expect(h.server.requests).toHaveLength(2);
    expect(hooks.of('Stop').map((c) => c.input)).toEqual([false, true]);
    expect(texts(messagesOf(h.server.requests[1]).at(-1))).toEqual([
      "The person's Stop hook `./Stop.sh` did not let the turn end yet. Its reason: run the tests first\nContinue the work accordingly.",
    ]);
    expect(textOf(events)).toBe('Done.Tests ran; now done.');
    expect(ofType(events, 'hook_run').map((e) => e.run.outcome)).toEqual(['blocked', 'passed']);
  });

  it('Stop - a hook that always blocks ends the turn after the limit, and says so', async () => {
    const { tools } = await hooked({});
    const hooks = createScriptedLoopHooks({
      Stop: () => ({ decision: 'block', reason: 'never done' }),
    });
    for (let i = 0; i <= MAX_STOP_BLOCKS; i += 1) h.server.enqueue(reply(`Answer ${i}.`));
    const { events, outcome } = await runTurn(h, { tools, hooks });
    expect(h.server.requests).toHaveLength(MAX_STOP_BLOCKS + 1);
    expect(outcome.reason).toBe('end_turn');
    const [error] = ofType(events, 'error');
    expect(error?.kind).toBe('hook_stop_limit');
    expect(error?.message).toContain(`kept the turn going ${MAX_STOP_BLOCKS} times`);
  });
});

describe('agent loop - continue: false, failures', () => {
  it('continue false - a PreToolUse hook ends the turn with its reason for the person; no tool runs', async () => {
    const { tools, ran } = await hooked({});
    const hooks = createScriptedLoopHooks({
      PreToolUse: () => ({ stop: { reason: 'the release is frozen' } }),
    });
    h.server.enqueue(
      reply([toolUse('shell', { line: 'a' }, 'tu1'), toolUse('shell', { line: 'b' }, 'tu2')]),
    );
    const { events, outcome } = await runTurn(h, { tools, hooks });
    expect(ran).toEqual([]);
    expect(h.server.requests).toHaveLength(1);
    expect(outcome.reason).toBe('end_turn');
    expect(ofType(events, 'error')[0]).toMatchObject({
      kind: 'hook_stopped',
      message:
        'Your PreToolUse hook `./PreToolUse.sh` stopped the turn. Its reason: the release is frozen',
    });
    // Every call still has its result in the history.
    expect(blocksOf(outcome.history.at(-1)).map((b) => b.type)).toEqual([
      'tool_result',
      'tool_result',
    ]);
  });

  it('failures - a hook runner that throws is a failed step, and the turn goes on', async () => {
    const { tools, ran } = await hooked({});
    const hooks = createScriptedLoopHooks({
      PreToolUse: () => {
        throw new Error('spawn EACCES');
      },
    });
    h.server.enqueue(reply([toolUse('shell', { line: 'ls' }, 'tu1')]), reply('Fine.'));
    const { events, outcome } = await runTurn(h, { tools, hooks });
    expect(ran).toEqual(['ls']);
    expect(outcome.reason).toBe('end_turn');
    const [step] = ofType(events, 'hook_run');
    expect(step?.run).toMatchObject({ outcome: 'failed', event: 'PreToolUse', toolName: 'shell' });
    expect(step?.run.reason).toContain('spawn EACCES');
  });

  it('failures - a hook that timed out is a step the person reads, and the turn goes on', async () => {
    const { tools, ran } = await hooked({});
    const hooks = createScriptedLoopHooks({
      PreToolUse: () => ({
        outcome: 'timed_out',
        exitCode: null,
        ms: 5_000,
        reason: 'killed at its timeout (5 s)',
      }),
      Stop: () => ({ outcome: 'timed_out', exitCode: null, ms: 5_000 }),
    });
    h.server.enqueue(reply([toolUse('shell', { line: 'ls' }, 'tu1')]), reply('Fine.'));
    const { events, outcome } = await runTurn(h, { tools, hooks });
    expect(ran).toEqual(['ls']);
    expect(outcome.reason).toBe('end_turn');
    expect(ofType(events, 'hook_run').map((e) => [e.run.event, e.run.outcome])).toEqual([
      ['PreToolUse', 'timed_out'],
      ['Stop', 'timed_out'],
    ]);
  });

  it("systemMessage - the hooks' word to the person rides on the step, never to the model", async () => {
    const { tools } = await hooked({});
    const hooks = createScriptedLoopHooks({
      UserPromptSubmit: () => ({ systemMessage: 'Prompt logged for the audit.' }),
    });
    h.server.enqueue(reply('ok'));
    const { events } = await runTurn(h, { tools, hooks });
    expect(ofType(events, 'hook_run')[0]?.message).toBe('Prompt logged for the audit.');
    expect(JSON.stringify(h.server.requests[0]?.body)).not.toContain('Prompt logged');
  });
});
