// The person's own hooks on an open project: real bash and node scripts in a temp project, run in
// run_command's sandbox with JSON on stdin, read as Claude Code reads them (exit 2 blocks with
// stderr, other exits are errors, the JSON answer), every run kept in the audit trail and told
// to listeners.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HookRun } from '../../../../src/shared/hooks';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { context, openHooksProject, type HooksProject } from './hooks-project';

const GUARD = `#!/bin/bash
input=$(cat)
case "$input" in
  *'rm -rf'*) echo "rm -rf is not allowed in this project" >&2; exit 2;;
esac
exit 0
`;

const ANSWER = `let s = '';
process.stdin.on('data', (d) => (s += d)).on('end', () => {
  const c = JSON.parse(s).tool_input.command;
  if (c === 'fail') { process.stderr.write('answer.js broke'); process.exit(1); }
  if (c === 'exit2') { process.stderr.write('exit two says no'); process.exit(2); }
  const out = {
    deny: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'denied by answer.js' } },
    ask: { hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: 'check this one' } },
    allow: { hookSpecificOutput: { permissionDecision: 'allow', permissionDecisionReason: 'known safe' } },
    context: { hookSpecificOutput: { additionalContext: 'remember the lint rules' } },
    stop: { continue: false, stopReason: 'the build is red' },
  }[c];
  if (out) process.stdout.write(JSON.stringify(out));
});
`;

let open: HooksProject | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const bash = (command: string, toolUseId = 't1') => ({
  toolName: 'run_command',
  toolInput: { command, description: 'a command' },
  toolUseId,
});

describe('project hooks - the person hooks', () => {
  it('a PreToolUse hook denies rm -rf with its reason; other commands pass; each run is kept and told', async () => {
    open = await openHooksProject({ files: { 'hooks/guard.sh': GUARD } });
    const hook = open.hooks.add({
      event: 'PreToolUse',
      matcher: 'Bash',
      command: 'bash "$CLAUDE_PROJECT_DIR/hooks/guard.sh"',
      scope: 'project',
    });
    const heard: HookRun[] = [];
    const stop = open.hooks.onRun((run, ctx) => {
      expect(ctx.conversationId).toBe('c1');
      heard.push(run);
    });
    const denied = await open.hooks.preToolUse(bash('rm -rf build'), context());
    expect(denied.decision).toBe('block');
    expect(denied.reason).toBe('rm -rf is not allowed in this project');
    expect(denied.runs).toEqual([
      expect.objectContaining({
        hookId: hook.id,
        source: 'person',
        outcome: 'blocked',
        exitCode: 2,
        toolName: 'run_command',
        output: 'rm -rf is not allowed in this project',
      }),
    ]);
    const fine = await open.hooks.preToolUse(bash('ls'), context());
    expect(fine).toMatchObject({ decision: 'none', runs: [{ outcome: 'passed', exitCode: 0 }] });
    const other = await open.hooks.preToolUse(
      { toolName: 'read_file', toolInput: { path: 'a' }, toolUseId: 't3' },
      context(),
    );
    expect(other.runs).toEqual([]);
    stop();
    expect(heard.map((r) => r.outcome)).toEqual(['blocked', 'passed']);
    const kept = open.hooks.recentRuns(10);
    expect(kept.map((r) => r.outcome)).toEqual(['passed', 'blocked']);
    expect(kept[1]).toMatchObject({
      conversationId: 'c1',
      reason: 'rm -rf is not allowed in this project',
    });
    expect(Number.isNaN(Date.parse(kept[0]?.at ?? ''))).toBe(false);
  });

  it("the hook reads Claude Code's stdin object, in the project's folder", async () => {
    open = await openHooksProject();
    open.hooks.add({
      event: 'PostToolUse',
      command: 'cat > seen.json; pwd > cwd.txt; touch ../outside-marker 2>/dev/null; true',
      scope: 'everywhere',
    });
    await open.hooks.postToolUse(
      { ...bash('npm test', 'tu9'), toolResponse: 'ok' },
      context('conv-7'),
    );
    expect(JSON.parse(readFileSync(path.join(open.root, 'seen.json'), 'utf8'))).toEqual({
      session_id: 'conv-7',
      cwd: open.root,
      hook_event_name: 'PostToolUse',
      tool_name: 'run_command',
      tool_input: { command: 'npm test', description: 'a command' },
      tool_use_id: 'tu9',
      tool_response: 'ok',
    });
    expect(readFileSync(path.join(open.root, 'cwd.txt'), 'utf8').trim()).toBe(open.root);
    // run_command's sandbox: the project is writable, the rest of the disk is not.
    if (detectSandbox().available)
      expect(existsSync(path.join(open.temp, 'outside-marker'))).toBe(false);
  });

  it('exit 2 blocks, exit 1 is an error shown to the person that blocks nothing', async () => {
    open = await openHooksProject({ files: { 'answer.js': ANSWER } });
    open.hooks.add({ event: 'PreToolUse', command: 'node answer.js', scope: 'project' });
    const two = await open.hooks.preToolUse(bash('exit2'), context());
    expect(two).toMatchObject({ decision: 'block', reason: 'exit two says no' });
    const one = await open.hooks.preToolUse(bash('fail'), context());
    expect(one.decision).toBe('none');
    expect(one.runs[0]).toMatchObject({ outcome: 'failed', exitCode: 1 });
    expect(one.runs[0]?.reason).toContain('exited with 1: answer.js broke');
  });

  it('JSON answers: deny, ask, allow (recorded, never a bypass), additionalContext, continue: false', async () => {
    open = await openHooksProject({ files: { 'answer.js': ANSWER } });
    open.hooks.add({ event: 'PreToolUse', command: 'node answer.js', scope: 'project' });
    open.hooks.add({ event: 'PostToolUse', command: 'node answer.js', scope: 'project' });
    const ctx = context();
    expect(await open.hooks.preToolUse(bash('deny'), ctx)).toMatchObject({
      decision: 'block',
      reason: 'denied by answer.js',
      runs: [{ outcome: 'blocked', exitCode: 0 }],
    });
    expect(await open.hooks.preToolUse(bash('ask'), ctx)).toMatchObject({
      decision: 'ask',
      reason: 'check this one',
      runs: [{ outcome: 'asked' }],
    });
    expect(await open.hooks.preToolUse(bash('allow'), ctx)).toMatchObject({
      decision: 'allow',
      runs: [{ outcome: 'passed' }],
    });
    const after = await open.hooks.postToolUse({ ...bash('context'), toolResponse: 'done' }, ctx);
    expect(after).toMatchObject({ decision: 'none', additionalContext: 'remember the lint rules' });
    const stopped = await open.hooks.postToolUse({ ...bash('stop'), toolResponse: 'x' }, ctx);
    expect(stopped.stop).toEqual({ reason: 'the build is red' });
    expect(stopped.runs[0]).toMatchObject({ outcome: 'blocked', reason: 'the build is red' });
  });

  it("UserPromptSubmit: plain stdout is added as context; SessionStart's matcher is its source", async () => {
    open = await openHooksProject();
    open.hooks.add({ event: 'UserPromptSubmit', command: 'echo "branch: main"', scope: 'project' });
    open.hooks.add({
      event: 'SessionStart',
      matcher: 'resume',
      command: 'echo "resumed work"',
      scope: 'project',
    });
    const prompt = await open.hooks.userPromptSubmit('fix the cart', context());
    expect(prompt).toMatchObject({ decision: 'none', additionalContext: 'branch: main' });
    expect((await open.hooks.sessionStart('resume', context())).additionalContext).toBe(
      'resumed work',
    );
    expect((await open.hooks.sessionStart('startup', context())).runs).toEqual([]);
  });

  it('several hooks run in order and combine: a block wins with every reason, context joined', async () => {
    open = await openHooksProject();
    open.hooks.add({ event: 'Stop', command: 'echo first >&2; exit 2', scope: 'project' });
    open.hooks.add({
      event: 'Stop',
      command: `printf '%s' '{"hookSpecificOutput":{"additionalContext":"ctx"}}'`,
      scope: 'everywhere',
    });
    open.hooks.add({ event: 'Stop', command: 'echo second >&2; exit 2', scope: 'project' });
    const verdict = await open.hooks.stop(false, context());
    expect(verdict.decision).toBe('block');
    expect(verdict.reason).toBe('first\nsecond');
    expect(verdict.additionalContext).toBe('ctx');
    expect(verdict.runs.map((r) => r.outcome)).toEqual(['blocked', 'passed', 'blocked']);
  });

  it("Claude Code's Edit|Write matcher runs on edit_file and create_file, not on read_file", async () => {
    open = await openHooksProject();
    const hook = open.hooks.add({
      event: 'PreToolUse',
      matcher: 'Edit|Write',
      command: 'true',
      scope: 'project',
    });
    const call = (toolName: string) =>
      open!.hooks.preToolUse({ toolName, toolInput: { path: 'a.ts' }, toolUseId: 't' }, context());
    expect((await call('edit_file')).runs).toHaveLength(1);
    expect((await call('create_file')).runs).toHaveLength(1);
    expect((await call('read_file')).runs).toHaveLength(0);
    expect(open.hooks.proposalHooks('edit_file')).toEqual([hook]);
    expect(open.hooks.proposalHooks('read_file')).toEqual([]);
  });

  it('a hook that never ends is killed at its timeout, with its process group, and the call answers', async () => {
    open = await openHooksProject();
    open.hooks.add({
      event: 'PreToolUse',
      command: '(sleep 30; touch late-child) & sleep 30; touch late',
      timeoutSeconds: 1,
      scope: 'project',
    });
    const started = Date.now();
    const verdict = await open.hooks.preToolUse(bash('ls'), context());
    expect(Date.now() - started).toBeLessThan(8000);
    expect(verdict.decision).toBe('none');
    expect(verdict.runs[0]).toMatchObject({
      outcome: 'timed_out',
      reason: 'killed at its timeout of 1 s',
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(path.join(open.root, 'late'))).toBe(false);
    expect(existsSync(path.join(open.root, 'late-child'))).toBe(false);
  });

  it('fails closed: a hook that prints too much, or whose input is too large, blocks the call', async () => {
    open = await openHooksProject();
    open.hooks.add({
      event: 'PreToolUse',
      matcher: 'Bash',
      command: "head -c 3000000 /dev/zero | tr '\\0' a",
      scope: 'project',
    });
    open.hooks.add({ event: 'PreToolUse', matcher: 'Write', command: 'true', scope: 'project' });
    const loud = await open.hooks.preToolUse(bash('ls'), context());
    expect(loud.decision).toBe('block');
    expect(loud.runs[0]?.outcome).toBe('blocked');
    expect(loud.reason).toContain('printed more than Sluice reads from a hook');
    expect(loud.runs[0]!.output.length).toBeLessThan(5000);
    const huge = await open.hooks.preToolUse(
      {
        toolName: 'create_file',
        toolInput: { path: 'big.txt', content: 'b'.repeat(2_000_000) },
        toolUseId: 't',
      },
      context(),
    );
    expect(huge.decision).toBe('block');
    expect(huge.runs[0]).toMatchObject({ outcome: 'blocked', exitCode: null });
    expect(huge.reason).toContain('over the 1024 KB a hook is given');
  });

  it("a command rule that denies the hook's command refuses the run, saying which rule", async () => {
    open = await openHooksProject();
    open.commands.rules.add(open.projectId, { prefix: ['curl'], action: 'deny' });
    open.hooks.add({
      event: 'PreToolUse',
      command: 'curl -s https://example.com/check; touch ran',
      scope: 'project',
    });
    const verdict = await open.hooks.preToolUse(bash('ls'), context());
    expect(verdict.decision).toBe('none');
    expect(verdict.runs[0]?.outcome).toBe('not_run');
    expect(verdict.runs[0]?.reason).toContain('denied by rule "deny curl"');
    expect(existsSync(path.join(open.root, 'ran'))).toBe(false);
  });

  it('dispose stops a running hook at once', async () => {
    open = await openHooksProject();
    open.hooks.add({ event: 'PreToolUse', command: 'sleep 30', scope: 'project' });
    const pending = open.hooks.preToolUse(bash('ls'), context());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = Date.now();
    await open.hooks.dispose();
    const verdict = await pending;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(verdict.runs[0]?.outcome).toBe('failed');
    expect(verdict.runs[0]?.reason).toContain('stopped before it finished');
  });

  it('add, remove and test: bad input is refused in words; test runs and records without a conversation', async () => {
    open = await openHooksProject();
    const hooks = open.hooks;
    expect(() =>
      hooks.add({ event: 'PreToolUse', matcher: 'Edit(', command: 'x', scope: 'project' }),
    ).toThrow(/not a valid pattern/u);
    expect(() => hooks.add({ event: 'PreToolUse', command: '  ', scope: 'project' })).toThrow(
      'A hook needs a command to run.',
    );
    expect(() =>
      hooks.add({ event: 'Stop', command: 'x', timeoutSeconds: 9999, scope: 'project' }),
    ).toThrow(/at most 600 seconds/u);
    const added = hooks.add({
      event: 'PreToolUse',
      matcher: 'Bash',
      command: 'exit 2',
      scope: 'everywhere',
    });
    expect(() =>
      hooks.add({ event: 'PreToolUse', matcher: 'Bash', command: 'exit 2', scope: 'everywhere' }),
    ).toThrow(/already have this hook/u);
    const tested = await hooks.test(
      'PreToolUse',
      { toolName: 'run_command', toolInput: { command: 'ls' } },
      new AbortController().signal,
    );
    expect(tested.decision).toBe('block');
    expect(hooks.recentRuns(1)[0]).toMatchObject({ conversationId: null, outcome: 'blocked' });
    expect(() => hooks.remove('zzz')).toThrow(/No hook has an id starting with "zzz"/u);
    expect(hooks.remove(added.id.slice(0, 8))).toEqual(added);
    expect(hooks.list()).toEqual([]);
  });
});
