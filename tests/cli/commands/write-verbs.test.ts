import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import type { CliIo } from '../../../src/cli/cli-io';
import { openAppDatabase } from '../../../src/main/core/store/app-database';
import { createPolicyRepository } from '../../../src/main/core/store/policy-repository';
import { createCheckpointRepository } from '../../../src/main/core/store/checkpoint-repository';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { listApprovalAudit } from '../../../src/main/core/store/approval-audit-repository';
import { realpathSync } from 'node:fs';

let project: string;
let home: string;

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-cli-write-'));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-cli-home-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

function fakeIo() {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end();
  const io: CliIo = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    stdin,
    env: { SLUICE_HOME: home },
    cwd: project,
  };
  return { io, out: () => stdout, err: () => stderr };
}

async function sluice(...argv: string[]) {
  const f = fakeIo();
  const code = await main(argv, f.io);
  return { code, stdout: f.out(), stderr: f.err() };
}

const editInput = (p: string, from: string, to: string) =>
  JSON.stringify({ path: p, edits: [{ old_text: from, new_text: to }] });

describe('sluice tool (write tools)', () => {
  it('--yes approves as the person would; checkpoints lists it; undo restores it', async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    const run = await sluice(
      'tool',
      'edit_file',
      '--project',
      project,
      '--input',
      editInput('a.ts', 'one', 'two'),
      '--yes',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Applied the edit to a\.ts .* the person approved it/u);
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('two\n');

    const list = await sluice('checkpoints', '--project', project, '--json');
    expect(list.code).toBe(0);
    const rows = list.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; path: string; change: string });
    expect(rows).toMatchObject([{ path: 'a.ts', change: 'modified', undone: false }]);

    const undo = await sluice('undo', rows[0]?.id ?? '', '--project', project);
    expect(undo.code).toBe(0);
    expect(undo.stdout).toMatch(/Undone cp-/u);
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('one\n');
    const again = await sluice('undo', rows[0]?.id ?? '', '--project', project);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already undone/u);

    const db = openAppDatabase({ home });
    try {
      expect(
        listApprovalAudit(db, { projectId: projectIdFor(realpathSync(project)) }),
      ).toMatchObject([{ outcome: 'approved', decidedBy: 'person', applied: true }]);
    } finally {
      db.close();
    }
  });

  it('without --yes and without a terminal, refuses - nothing written, exit 1', async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    const run = await sluice(
      'tool',
      'edit_file',
      '--project',
      project,
      '--input',
      editInput('a.ts', 'one', 'two'),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/edit_file \(rejected\).*no terminal to ask the person/u);
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('one\n');
  });

  it('--yes does not approve a protected path without a terminal', async () => {
    const run = await sluice(
      'tool',
      'create_file',
      '--project',
      project,
      '--input',
      JSON.stringify({ path: '.env', content: 'KEY=1\n' }),
      '--yes',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/\.env is a protected path: --yes does not approve it/u);
    await expect(readFile(path.join(project, '.env'), 'utf8')).rejects.toThrow();
  });

  it('--yes does not override a deny rule or read-only mode', async () => {
    await mkdir(path.join(project, 'gen'));
    await writeFile(path.join(project, 'gen', 'x.ts'), 'one\n');
    const db = openAppDatabase({ home });
    const policies = createPolicyRepository(db);
    const id = projectIdFor(realpathSync(project));
    policies.addRule(id, { tool: 'write', pathGlob: 'gen/**', action: 'deny' });
    db.close();
    const denied = await sluice(
      'tool',
      'edit_file',
      '--project',
      project,
      '--input',
      editInput('gen/x.ts', 'one', 'two'),
      '--yes',
      '--json',
    );
    expect(denied.code).toBe(1);
    expect(JSON.parse(denied.stdout)).toMatchObject({
      status: 'denied',
      content: expect.stringMatching(/denied by rule "deny write gen\/\*\*"/u),
    });
    expect(await readFile(path.join(project, 'gen', 'x.ts'), 'utf8')).toBe('one\n');

    const db2 = openAppDatabase({ home });
    createPolicyRepository(db2).setMode(id, 'read-only');
    db2.close();
    await writeFile(path.join(project, 'b.ts'), 'one\n');
    const ro = await sluice(
      'tool',
      'edit_file',
      '--project',
      project,
      '--input',
      editInput('b.ts', 'one', 'two'),
      '--yes',
    );
    expect(ro.code).toBe(1);
    expect(ro.stderr).toMatch(/edit_file \(denied\).*read-only/u);
  });

  it('undo refuses when the file changed since - unless --force; undo of a created file removes it', async () => {
    const created = await sluice(
      'tool',
      'create_file',
      '--project',
      project,
      '--input',
      JSON.stringify({ path: 'n.txt', content: 'hi\n' }),
      '--yes',
    );
    expect(created.code).toBe(0);
    const rows = (await sluice('checkpoints', '--project', project, '--json')).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string });
    await writeFile(path.join(project, 'n.txt'), 'changed by hand\n');
    const refused = await sluice('undo', rows[0]?.id ?? '', '--project', project);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/n\.txt changed since checkpoint .*use force/u);
    expect(await readFile(path.join(project, 'n.txt'), 'utf8')).toBe('changed by hand\n');
    const forced = await sluice('undo', rows[0]?.id ?? '', '--project', project, '--force');
    expect(forced.code).toBe(0);
    await expect(readFile(path.join(project, 'n.txt'), 'utf8')).rejects.toThrow(/ENOENT/u);
  });

  it('undo --turn - takes an unambiguous start of the turn id, as checkpoint ids are taken', async () => {
    await writeFile(path.join(project, 'a.ts'), 'two\n');
    const db = openAppDatabase({ home });
    try {
      const store = createCheckpointRepository(db, projectIdFor(realpathSync(project)));
      store.record({
        approvalId: null,
        conversationId: 'c1',
        turnId: '7c3c7738-0000-4000-8000-000000000001',
        path: 'a.ts',
        beforeBytes: Buffer.from('one\n'),
        afterBytes: Buffer.from('two\n'),
        mode: 0o644,
      });
      store.record({
        approvalId: null,
        conversationId: 'c1',
        turnId: '7c3c9999-0000-4000-8000-000000000002',
        path: 'b.ts',
        beforeBytes: null,
        afterBytes: Buffer.from('b\n'),
        mode: 0o644,
      });
    } finally {
      db.close();
    }
    const ambiguous = await sluice('undo', '7c3c', '--turn', '--project', project);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/names more than one turn/u);
    const undone = await sluice('undo', '7c3c7738', '--turn', '--project', project);
    expect(undone).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Undone cp-/u) });
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('one\n');
  });

  it('usage errors exit 2', async () => {
    expect((await sluice('undo', '--project', project)).code).toBe(2);
    expect((await sluice('checkpoints', '--bogus')).code).toBe(2);
    expect((await sluice('checkpoints', '--project', ' ')).code).toBe(2);
  });

  it('lists nothing for a fresh project', async () => {
    const run = await sluice('checkpoints', '--project', project);
    expect(run).toMatchObject({ code: 0, stdout: expect.stringMatching(/No checkpoints/u) });
  });
});
