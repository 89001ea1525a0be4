import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAskCommand } from '../../src/cli/commands/ask';
import { main } from '../../src/cli/main';
import { createProposalCommand } from '../../src/cli/commands/proposal';
import { createTerminalApprover } from '../../src/cli/terminal-approval';
import { openAppDatabase } from '../../src/main/core/store/app-database';
import { createPolicyRepository } from '../../src/main/core/store/policy-repository';
import { projectIdFor } from '../../src/main/core/store/project-id';
import { changeSetSummarySchema, type ApplyResult } from '../../src/shared/change-sets';
import {
  reply,
  stallAfterText,
  startFakeAnthropicServer,
  toolUse,
  unauthorized,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { cliRun } from '../support/fake-cli-io';

let server: FakeAnthropicServer;
let project: string;
let home: string;

const A = [
  'export function alpha() {',
  '  return 1;',
  '}',
  '',
  '// filler 1',
  '// filler 2',
  '// filler 3',
  '// filler 4',
  '// filler 5',
  '// filler 6',
  '',
  'export function beta() {',
  '  return 2;',
  '}',
  '',
].join('\n');
const B = 'export const b = "before";\n';
const ENV = 'SECRET=kept\n';

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-propose-project-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-propose-home-'));
  mkdirSync(path.join(project, 'src'));
  writeFileSync(path.join(project, 'src/a.ts'), A);
  writeFileSync(path.join(project, 'src/b.ts'), B);
  writeFileSync(path.join(project, '.env'), ENV);
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const makeIo = () =>
  cliRun({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home });

const ask = createAskCommand({ maxRetries: 0, onInterrupt: () => () => undefined });
const read = (p: string) => readFileSync(path.join(project, p), 'utf8');

/** The scripted run: edits two files, creates one, "changes" .env, then reads its own work. */
function scriptRun(): void {
  server.enqueue(
    reply([
      toolUse('edit_file', {
        path: 'src/a.ts',
        edits: [
          { old_text: 'return 1;', new_text: 'return 10;' },
          { old_text: 'return 2;', new_text: 'return 20;' },
        ],
      }),
    ]),
    reply([
      toolUse('edit_file', { path: 'src/b.ts', content: 'export const b = "after";\n' }),
      toolUse('create_file', { path: 'src/c.ts', content: 'export const gamma = 3;\n' }),
      toolUse('edit_file', { path: '.env', content: 'SECRET=stolen\n' }),
    ]),
    reply([
      toolUse('read_file', { path: 'src/a.ts' }),
      toolUse('list_files', { path: 'src' }),
      toolUse('search_files', { pattern: 'return 10', literal: true }),
      toolUse('find_definition', { name: 'gamma' }),
    ]),
    reply('Changed alpha and beta, b, and added gamma.'),
  );
}

async function runPropose(extra: string[] = []): Promise<{ id: string; code: number }> {
  const { io, stdout } = makeIo();
  const code = await ask.run(
    ['Improve it', '--mode', 'propose', '--project', project, ...extra],
    io,
  );
  return { id: stdout().trim(), code };
}

async function cli(args: string[]) {
  const run = makeIo();
  const code = await main(args, run.io);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

function lastToolResults(requestIndex: number): string {
  const messages = server.requests[requestIndex]?.body.messages ?? [];
  return JSON.stringify(messages.at(-1)?.content);
}

describe('sluice ask --mode propose', () => {
  it('headless run - nothing on disk changes, later reads see the overlay, the set is stored', async () => {
    scriptRun();
    const { id, code } = await runPropose();
    expect(code).toBe(0);
    expect(id).toMatch(/^[0-9a-f-]{36}$/u);
    expect(read('src/a.ts')).toBe(A);
    expect(read('src/b.ts')).toBe(B);
    expect(read('.env')).toBe(ENV);
    expect(existsSync(path.join(project, 'src/c.ts'))).toBe(false);
    const seen = lastToolResults(3);
    expect(seen).toContain('return 10;');
    expect(seen).toContain('c.ts');
    expect(seen).toMatch(/src\/a\.ts[^"]*\\n[^"]*return 10/u);
    expect(seen).toContain('src/c.ts:1:14 variable gamma');
    expect(seen).toContain(
      'import-following (from_file) and find_importers see the imports as they are on disk',
    );
    const list = await cli(['proposals', '--project', project, '--json']);
    const sets = list.stdout
      .trim()
      .split('\n')
      .map((l) => changeSetSummarySchema.parse(JSON.parse(l)));
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ id, status: 'proposed' });
    expect(sets[0]?.paths).toEqual(['.env', 'src/a.ts', 'src/b.ts', 'src/c.ts']);
    expect(sets[0]?.summary).toContain('added gamma');
    expect(sets[0]?.usage.outputTokens).toBeGreaterThan(0);
    const show = await cli(['proposal', 'show', id]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('+  return 10;');
    expect(show.stdout).toContain('protected: never applied');
    expect(show.stdout).toContain('Editing src/a.ts');
    const shown = JSON.parse((await cli(['proposal', 'show', id, '--json'])).stdout) as {
      steps: { type: string; name?: string }[];
    };
    expect(shown.steps.filter((s) => s.type === 'tool').map((s) => s.name)).toContain(
      'create_file',
    );
  });

  it('--json - prints the AgentEvents and a final proposal event', async () => {
    server.enqueue(
      reply([toolUse('create_file', { path: 'new.txt', content: 'hi\n' })]),
      reply('made it'),
    );
    const { io, stdout } = makeIo();
    expect(await ask.run(['x', '--mode=propose', '--project', project, '--json'], io)).toBe(0);
    const events = stdout()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(events.some((e) => e.type === 'turn_end')).toBe(true);
    expect(events.at(-1)).toMatchObject({
      type: 'proposal',
      status: 'proposed',
      files: [{ path: 'new.txt', isNewFile: true, hunks: 1 }],
    });
  });

  it('partial apply by file and by hunk - writes exactly the selected text', async () => {
    scriptRun();
    const { id } = await runPropose();
    const applied = await cli([
      'proposal',
      'apply',
      id,
      '--hunks',
      'src/a.ts:h1',
      '--files',
      'src/c.ts',
      '--json',
    ]);
    expect(applied.code).toBe(0);
    const result = JSON.parse(applied.stdout) as ApplyResult;
    expect(result.status).toBe('partly-accepted');
    expect(read('src/a.ts')).toBe(A.replace('return 1;', 'return 10;'));
    expect(read('src/b.ts')).toBe(B);
    expect(read('src/c.ts')).toBe('export const gamma = 3;\n');
    expect(read('.env')).toBe(ENV);
    expect(result.files.map((f) => [f.path, f.state])).toEqual([
      ['.env', 'rejected'],
      ['src/a.ts', 'partly-applied'],
      ['src/b.ts', 'rejected'],
      ['src/c.ts', 'applied'],
    ]);
    const again = await cli(['proposal', 'apply', id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('only a proposed set can be applied');
  });

  it('apply everything - protected paths untouched; undo restores the bytes', async () => {
    scriptRun();
    const { id } = await runPropose();
    const applied = await cli(['proposal', 'apply', id, '--json']);
    const result = JSON.parse(applied.stdout) as ApplyResult;
    expect(applied.code).toBe(1);
    expect(result.files.find((f) => f.path === '.env')).toMatchObject({ state: 'refused' });
    expect(read('.env')).toBe(ENV);
    expect(read('src/a.ts')).toBe(
      A.replace('return 1;', 'return 10;').replace('return 2;', 'return 20;'),
    );
    expect(read('src/b.ts')).toBe('export const b = "after";\n');
    for (const file of result.files.filter((f) => f.checkpointId)) {
      const undo = await cli(['undo', file.checkpointId as string, '--project', project]);
      expect(undo.code).toBe(0);
    }
    expect(read('src/a.ts')).toBe(A);
    expect(read('src/b.ts')).toBe(B);
    expect(existsSync(path.join(project, 'src/c.ts'))).toBe(false);
  });

  it('a disk change between run and apply - a conflict for that file only', async () => {
    scriptRun();
    const { id } = await runPropose();
    writeFileSync(path.join(project, 'src/b.ts'), 'export const b = "person";\n');
    const applied = await cli([
      'proposal',
      'apply',
      id,
      '--files',
      'src/a.ts,src/b.ts,src/c.ts',
      '--json',
    ]);
    expect(applied.code).toBe(1);
    const result = JSON.parse(applied.stdout) as ApplyResult;
    expect(result.files.find((f) => f.path === 'src/b.ts')).toMatchObject({ state: 'conflict' });
    expect(read('src/b.ts')).toBe('export const b = "person";\n');
    expect(read('src/a.ts')).toContain('return 20;');
    expect(read('src/c.ts')).toBe('export const gamma = 3;\n');
    expect(result.status).toBe('partly-accepted');
  });

  it('a failed run - kept for inspection, cannot be applied', async () => {
    server.enqueue(
      reply([toolUse('edit_file', { path: 'src/b.ts', content: 'export const b = "x";\n' })]),
      unauthorized(),
    );
    const { id, code } = await runPropose();
    expect(code).toBe(1);
    const show = await cli(['proposal', 'show', id, '--json']);
    const set = JSON.parse(show.stdout) as { status: string; files: { path: string }[] };
    expect(set.status).toBe('failed');
    expect(set.files.map((f) => f.path)).toEqual(['src/b.ts']);
    const applied = await cli(['proposal', 'apply', id]);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('a failed run cannot be applied');
    expect(read('src/b.ts')).toBe(B);
  });

  it('--timeout - a run past its limit ends failed with the reason', async () => {
    server.enqueue(stallAfterText('thinking'));
    const { id, code } = await runPropose(['--timeout', '1']);
    expect(code).toBe(1);
    const show = await cli(['proposal', 'show', id, '--json']);
    expect(JSON.parse(show.stdout)).toMatchObject({
      status: 'failed',
      statusReason: expect.stringContaining('time limit of 1 s'),
    });
  });

  it('applying one set - marks another set touching the same file for a re-check', async () => {
    server.enqueue(
      reply([toolUse('edit_file', { path: 'src/b.ts', content: 'export const b = 1;\n' })]),
      reply('one'),
      reply([toolUse('edit_file', { path: 'src/b.ts', content: 'export const b = 2;\n' })]),
      reply('two'),
    );
    const first = await runPropose();
    const second = await runPropose();
    const applied = await cli(['proposal', 'apply', second.id, '--json']);
    expect((JSON.parse(applied.stdout) as ApplyResult).recheck).toEqual([first.id]);
    const show = await cli(['proposal', 'show', first.id, '--json']);
    expect(JSON.parse(show.stdout)).toMatchObject({
      needsRecheck: expect.stringContaining('src/b.ts'),
    });
    const stale = await cli(['proposal', 'apply', first.id, '--json']);
    expect((JSON.parse(stale.stdout) as ApplyResult).files[0]?.state).toBe('conflict');
  });

  it('reject with a reason - the conversation learns it', async () => {
    server.enqueue(
      reply([toolUse('edit_file', { path: 'src/b.ts', content: 'export const b = 1;\n' })]),
      reply('done'),
      reply('understood'),
    );
    const { id } = await runPropose();
    const rejected = await cli(['proposal', 'reject', id, '--reason', 'keep b as it is']);
    expect(rejected.code).toBe(0);
    const show = await cli(['proposal', 'show', id, '--json']);
    const set = JSON.parse(show.stdout) as { status: string; conversationId: string };
    expect(set.status).toBe('rejected');
    const { io } = makeIo();
    await ask.run(['and now?', '--project', project, '--conversation', set.conversationId], io);
    const sent = JSON.stringify(server.requests.at(-1)?.body.messages);
    expect(sent).toContain('keep b as it is');
    expect(sent).toContain(`Review of change set ${id}`);
  });
  it('apply on a terminal without selectors - reviews file by file and hunk by hunk', async () => {
    scriptRun();
    const { id } = await runPropose();
    const shown: string[] = [];
    const approver = createTerminalApprover({
      // h walks a.ts: keep h1, drop h2 (why), then write what was kept; b.ts no; c.ts yes.
      input: Readable.from(['h\n', 'y\n', 'n\n', 'keep beta\n', 'y\n', 'n\n', '\n', 'y\n']),
      output: { write: (t: string) => shown.push(t) },
      interactive: true,
    });
    const run = makeIo();
    const code = await createProposalCommand({ approver }).run(['apply', id, '--json'], run.io);
    expect(code).toBe(0);
    const result = JSON.parse(run.stdout()) as ApplyResult;
    expect(result.files.map((f) => [f.path, f.state])).toEqual([
      ['.env', 'rejected'],
      ['src/a.ts', 'partly-applied'],
      ['src/b.ts', 'rejected'],
      ['src/c.ts', 'applied'],
    ]);
    expect(read('src/a.ts')).toBe(A.replace('return 1;', 'return 10;'));
    expect(read('src/b.ts')).toBe(B);
    expect(read('.env')).toBe(ENV);
    expect(shown.join('')).toContain('Keep hunk h2 (2/2)?');
    expect(shown.join('')).toContain('Write the 1 of 2 hunks you kept?');
    expect(run.stderr()).toContain('.env: a protected path is never written');
  });
  it('apply --revision - applies only the version show printed; a set changed since is refused', async () => {
    scriptRun();
    const { id } = await runPropose();
    const shown = await cli(['proposal', 'show', id]);
    const revision = /^Revision: ([0-9a-f]{16}) /mu.exec(shown.stdout)?.[1];
    expect(revision).toBeDefined();
    const json = JSON.parse((await cli(['proposal', 'show', id, '--json'])).stdout) as {
      revision: string;
    };
    expect(json.revision.startsWith(revision ?? '-')).toBe(true);
    // An MCP client edits the set after the person read it.
    const db = openAppDatabase({ home });
    db.prepare(
      `UPDATE change_set_files SET final_text = final_text || '// added later\n'
         WHERE change_set_id = ? AND path = 'src/c.ts'`,
    ).run(id);
    db.close();
    const apply = ['proposal', 'apply', id, '--hunks', 'src/a.ts:h1', '--revision'];
    const stale = await cli([...apply, revision ?? '']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('changed while you were looking at it');
    expect(read('src/a.ts')).toBe(A);
    const bad = await cli([...apply, 'not-a-revision']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--revision takes the revision');
    const fresh = /^Revision: ([0-9a-f]{16}) /mu.exec(
      (await cli(['proposal', 'show', id])).stdout,
    )?.[1];
    expect(fresh).not.toBe(revision);
    expect((await cli([...apply, fresh ?? ''])).code).toBe(0);
    expect(read('src/a.ts')).toBe(A.replace('return 1;', 'return 10;'));
  });

  it('apply on a terminal - a set that changed during the review is refused, nothing written', async () => {
    scriptRun();
    const { id } = await runPropose();
    // An MCP client edits the set while the person answers the prompts (here: when the
    // review reaches src/c.ts).
    let edited = false;
    const editMeanwhile = (shown: string): void => {
      if (edited || !shown.includes('src/c.ts')) return;
      edited = true;
      const db = openAppDatabase({ home });
      db.prepare(
        `UPDATE change_set_files SET final_text = final_text || '// added later\n'
           WHERE change_set_id = ? AND path = 'src/c.ts'`,
      ).run(id);
      db.close();
    };
    const approver = createTerminalApprover({
      input: Readable.from(Array.from({ length: 12 }, () => 'y\n')),
      output: { write: editMeanwhile },
      interactive: true,
    });
    const run = makeIo();
    const code = await createProposalCommand({ approver }).run(['apply', id], run.io);
    expect(edited).toBe(true);
    expect(code).toBe(1);
    expect(run.stderr()).toContain('changed while you were looking at it');
    expect(run.stderr()).toContain('nothing was written');
    expect(read('src/a.ts')).toBe(A);
    expect(read('src/b.ts')).toBe(B);
    expect(existsSync(path.join(project, 'src/c.ts'))).toBe(false);
  });
  it('bad input - usage errors (exit 2), never a run', async () => {
    const propose = ['ask', 'x', '--mode', 'propose', '--project', project];
    const timeout = await cli([...propose, '--timeout', '0']);
    expect(timeout.code).toBe(2);
    expect(timeout.stderr).toContain('--timeout must be a whole number');
    const other = await cli([...propose, '--conversation', 'nope']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('no conversation nope');
    expect((await cli(['proposal', 'show', 'no-such-id'])).code).toBe(2);
    expect((await cli(['proposal', 'frobnicate', 'x'])).code).toBe(2);
    expect((await cli(['proposal', 'apply', 'x', '--hunks', 'nocolon'])).code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
  it('deny rules - refuse in the run (the model is told) and again at apply', async () => {
    const db = openAppDatabase({ home });
    const rules = createPolicyRepository(db);
    const projectId = projectIdFor(realpathSync(project));
    rules.addRule(projectId, { tool: 'write', pathGlob: 'src/c.ts', action: 'deny' });
    db.close();
    scriptRun();
    const { id } = await runPropose();
    expect(lastToolResults(2)).toContain('denied by rule');
    const db2 = openAppDatabase({ home });
    createPolicyRepository(db2).addRule(projectId, {
      tool: 'write',
      pathGlob: 'src/b.ts',
      action: 'deny',
    });
    db2.close();
    const applied = await cli(['proposal', 'apply', id, '--files', 'src/a.ts,src/b.ts', '--json']);
    expect(applied.code).toBe(1);
    const result = JSON.parse(applied.stdout) as ApplyResult;
    expect(result.files.map((f) => f.path)).not.toContain('src/c.ts');
    expect(result.files.find((f) => f.path === 'src/b.ts')).toMatchObject({ state: 'refused' });
    expect(read('src/b.ts')).toBe(B);
    expect(read('src/a.ts')).toContain('return 20;');
  });
});
