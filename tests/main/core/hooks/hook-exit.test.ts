// Reading a hook's end as Claude Code does: exit 2 blocks with stderr, other exits are errors
// that block nothing, and a JSON answer on stdout (deny, ask, allow, additionalContext,
// continue: false) says more. Plus the stdin object and the bounded record.
import { describe, expect, it } from 'vitest';
import type { HookDefinition, HookEvent } from '../../../../src/shared/hooks';
import { hookNotRun, readHookExit, type HookExit } from '../../../../src/main/core/hooks/hook-exit';
import { hookInput, MAX_HOOK_STDIN_BYTES } from '../../../../src/main/core/hooks/hook-input';
import { recordedHookOutput } from '../../../../src/main/core/hooks/hook-output';

function hook(event: HookEvent = 'PreToolUse'): HookDefinition {
  return {
    id: 'h1',
    source: 'person',
    event,
    matcher: null,
    command: './check.sh',
    timeoutSeconds: 5,
  };
}

function exit(over: Partial<HookExit>): HookExit {
  return { hook: hook(), ended: 'exited', exitCode: 0, stdout: '', stderr: '', ms: 3, ...over };
}

describe('readHookExit', () => {
  it('readHookExit - exit 2 blocks with stderr as the reason', () => {
    const { answer, run } = readHookExit(exit({ exitCode: 2, stderr: 'no rm -rf here\n' }));
    expect(answer).toEqual({ decision: 'block', reason: 'no rm -rf here' });
    expect(run.outcome).toBe('blocked');
    expect(run.reason).toBe('no rm -rf here');
    expect(run.output).toBe('no rm -rf here');
  });

  it('readHookExit - exit 1 is an error that blocks nothing, said in words', () => {
    const { answer, run } = readHookExit(exit({ exitCode: 1, stderr: 'jq: not found' }));
    expect(answer.decision).toBe('none');
    expect(run.outcome).toBe('failed');
    expect(run.reason).toContain('exited with 1: jq: not found');
    expect(run.reason).toContain('only exit 2 blocks');
  });

  it('readHookExit - a signal, a timeout and too much output each say what happened', () => {
    expect(readHookExit(exit({ exitCode: null, signal: 'SIGSEGV' })).run.reason).toContain(
      'ended by signal SIGSEGV',
    );
    const late = readHookExit(exit({ ended: 'timed_out', exitCode: null }));
    expect(late.run.outcome).toBe('timed_out');
    expect(late.run.reason).toBe('killed at its timeout of 5 s');
    const loud = readHookExit(exit({ ended: 'output_over_limit', exitCode: null }));
    expect(loud.answer.decision).toBe('block');
    expect(loud.run.outcome).toBe('blocked');
    const loudAfter = readHookExit(
      exit({ hook: hook('PostToolUse'), ended: 'output_over_limit', exitCode: null }),
    );
    expect(loudAfter.answer.decision).toBe('none');
    expect(loudAfter.run.outcome).toBe('failed');
  });

  it('readHookExit - a JSON deny blocks with its reason, ask asks, allow is recorded', () => {
    const deny = readHookExit(
      exit({
        stdout: JSON.stringify({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'not on main',
          },
        }),
      }),
    );
    expect(deny.answer).toMatchObject({ decision: 'block', reason: 'not on main' });
    expect(deny.run.outcome).toBe('blocked');
    const ask = readHookExit(
      exit({ stdout: '{"hookSpecificOutput":{"permissionDecision":"ask"}}' }),
    );
    expect(ask.answer.decision).toBe('ask');
    expect(ask.run.outcome).toBe('asked');
    const allow = readHookExit(
      exit({
        stdout:
          '{"hookSpecificOutput":{"permissionDecision":"allow","permissionDecisionReason":"fine"}}',
      }),
    );
    expect(allow.answer).toMatchObject({ decision: 'allow', reason: 'fine' });
    expect(allow.run.outcome).toBe('passed');
  });

  it('readHookExit - the older top-level decision is read, the stricter answer wins', () => {
    expect(readHookExit(exit({ stdout: '{"decision":"approve"}' })).answer.decision).toBe('allow');
    const both = readHookExit(
      exit({
        stdout:
          '{"decision":"block","reason":"old says no","hookSpecificOutput":{"permissionDecision":"allow"}}',
      }),
    );
    expect(both.answer).toMatchObject({ decision: 'block', reason: 'old says no' });
    const quiet = readHookExit(exit({ stdout: '{"decision":"block"}' }));
    expect(quiet.answer.reason).toBe('a hook blocked it without giving a reason');
  });

  it('readHookExit - additionalContext, systemMessage and continue: false are read', () => {
    const { answer, run } = readHookExit(
      exit({
        hook: hook('PostToolUse'),
        stdout: JSON.stringify({
          continue: false,
          stopReason: 'build is red',
          systemMessage: 'look at CI',
          hookSpecificOutput: { additionalContext: 'lint passed' },
        }),
      }),
    );
    expect(answer).toEqual({
      decision: 'none',
      additionalContext: 'lint passed',
      stop: { reason: 'build is red' },
      systemMessage: 'look at CI',
    });
    expect(run.outcome).toBe('blocked');
    expect(run.reason).toBe('build is red');
  });

  it('readHookExit - plain stdout is context for a prompt and a session start only', () => {
    const prompt = readHookExit(exit({ hook: hook('UserPromptSubmit'), stdout: 'branch: dev\n' }));
    expect(prompt.answer).toEqual({ decision: 'none', additionalContext: 'branch: dev' });
    const start = readHookExit(exit({ hook: hook('SessionStart'), stdout: 'hello' }));
    expect(start.answer.additionalContext).toBe('hello');
    const tool = readHookExit(exit({ stdout: 'just chatter' }));
    expect(tool.answer).toEqual({ decision: 'none' });
    expect(tool.run.output).toBe('just chatter');
    const notJson = readHookExit(exit({ hook: hook('UserPromptSubmit'), stdout: '{oops' }));
    expect(notJson.answer.additionalContext).toBe('{oops');
  });

  it('readHookExit - permissionDecision means nothing outside PreToolUse; exit 2 cannot block a start', () => {
    const after = readHookExit(
      exit({
        hook: hook('PostToolUse'),
        stdout: '{"hookSpecificOutput":{"permissionDecision":"deny"}}',
      }),
    );
    expect(after.answer.decision).toBe('none');
    const start = readHookExit(exit({ hook: hook('SessionStart'), exitCode: 2, stderr: 'nope' }));
    expect(start.answer.decision).toBe('none');
    expect(start.run.outcome).toBe('failed');
    expect(start.run.reason).toContain('cannot block');
  });

  it('hookNotRun - records why; fails closed only where asked and the event blocks', () => {
    const plain = hookNotRun(hook(), 'not approved');
    expect(plain.run).toMatchObject({ outcome: 'not_run', reason: 'not approved', exitCode: null });
    expect(plain.answer.decision).toBe('none');
    const closed = hookNotRun(hook(), 'input too large', {
      failClosed: true,
      toolName: 'run_command',
    });
    expect(closed.answer).toEqual({ decision: 'block', reason: 'input too large' });
    expect(closed.run).toMatchObject({ outcome: 'blocked', toolName: 'run_command' });
    expect(hookNotRun(hook('Stop'), 'x', { failClosed: true }).run.outcome).toBe('not_run');
  });
});

describe('hookInput', () => {
  it('hookInput - a file tool input also names the file as file_path, absolute, as Claude Code does', () => {
    const pre = hookInput({
      event: 'PreToolUse',
      conversationId: 'c1',
      cwd: '/p',
      toolName: 'edit_file',
      toolInput: { path: 'src/a.ts', content: 'x' },
    });
    expect(pre.ok && JSON.parse(pre.text).tool_input).toEqual({
      path: 'src/a.ts',
      content: 'x',
      file_path: '/p/src/a.ts',
    });
  });

  it("hookInput - Claude Code's field names for each event", () => {
    const pre = hookInput({
      event: 'PreToolUse',
      conversationId: 'c1',
      cwd: '/p',
      toolName: 'run_command',
      toolInput: { command: 'ls' },
      toolUseId: 't1',
    });
    expect(pre.ok && JSON.parse(pre.text)).toEqual({
      session_id: 'c1',
      cwd: '/p',
      hook_event_name: 'PreToolUse',
      tool_name: 'run_command',
      tool_input: { command: 'ls' },
      tool_use_id: 't1',
    });
    const post = hookInput({
      event: 'PostToolUse',
      conversationId: 'c1',
      cwd: '/p',
      toolResponse: 'ok',
    });
    expect(post.ok && JSON.parse(post.text)).toMatchObject({ tool_response: 'ok' });
    const prompt = hookInput({
      event: 'UserPromptSubmit',
      conversationId: 'c',
      cwd: '/p',
      prompt: 'hi',
    });
    expect(prompt.ok && JSON.parse(prompt.text)).toMatchObject({ prompt: 'hi' });
    const stop = hookInput({ event: 'Stop', conversationId: 'c', cwd: '/p', stopHookActive: true });
    expect(stop.ok && JSON.parse(stop.text)).toMatchObject({ stop_hook_active: true });
    const start = hookInput({
      event: 'SessionStart',
      conversationId: 'c',
      cwd: '/p',
      source: 'resume',
    });
    expect(start.ok && JSON.parse(start.text)).toMatchObject({ source: 'resume' });
  });

  it('hookInput - a huge tool response is cut and says so; a huge input is refused in words', () => {
    const post = hookInput({
      event: 'PostToolUse',
      conversationId: 'c',
      cwd: '/p',
      toolResponse: 'x'.repeat(600_000),
    });
    expect(post.ok).toBe(true);
    if (post.ok) expect(String(JSON.parse(post.text).tool_response)).toContain('[cut:');
    const pre = hookInput({
      event: 'PreToolUse',
      conversationId: 'c',
      cwd: '/p',
      toolInput: { content: 'y'.repeat(MAX_HOOK_STDIN_BYTES) },
    });
    expect(pre).toEqual({ ok: false, problem: expect.stringContaining('over the 1024 KB') });
  });
});

describe('recordedHookOutput', () => {
  it('recordedHookOutput - stderr first, at most 20 lines, marked when cut', () => {
    expect(recordedHookOutput('err\n', 'out\n')).toBe('err\nout');
    const many = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const kept = recordedHookOutput('', many);
    expect(kept.split('\n')).toHaveLength(21);
    expect(kept).toContain('[cut: 50 lines');
    expect(Buffer.byteLength(recordedHookOutput('', 'z'.repeat(10_000)))).toBeLessThan(4200);
  });
});
