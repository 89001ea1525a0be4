import {
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  stat,
  symlink,
  writeFile,
  chmod,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type { ApprovalRequest, Decision } from '../../../../src/shared/approvals';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { createCreateFileTool } from '../../../../src/main/core/tools/create-file';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import {
  createApprovalAuditRepository,
  listApprovalAudit,
} from '../../../../src/main/core/store/approval-audit-repository';
import { createCheckpointRepository } from '../../../../src/main/core/store/checkpoint-repository';
import { nodeAtomicWriteOps } from '../../../../src/main/core/workspace/atomic-write';

let project: string;
let outside: string;
let home: string;
let db: WritableDb;

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-write-'));
  outside = await mkdtemp(path.join(os.tmpdir(), 'sluice-outside-'));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-home-'));
  db = openAppDatabase({ home });
});
afterEach(async () => {
  db.close();
  await Promise.all([project, outside, home].map((d) => rm(d, { recursive: true, force: true })));
});

type Decider = (request: ApprovalRequest) => Decision | Promise<Decision> | null;

async function setup(
  decider: Decider = () => ({ type: 'approve' }),
  mode: 'ask' | 'auto-edit' | 'read-only' = 'ask',
) {
  const workspace = await Workspace.open(project);
  const policies = createPolicyRepository(db);
  policies.setMode('p1', mode);
  const checkpoints = createCheckpointRepository(db, 'p1');
  const events: AgentEvent[] = [];
  const refreshed: string[] = [];
  const broker: ApprovalBroker = new ApprovalBroker({
    policy: () => policies.get('p1'),
    audit: createApprovalAuditRepository(db, 'p1'),
    checkpoints,
    emit: (event) => {
      events.push(event);
      if (event.type !== 'approval_request') return;
      void Promise.resolve(decider(event.request)).then((decision) => {
        if (decision)
          broker.decide({
            approvalId: event.request.approvalId,
            proposalHash: event.request.proposalHash,
            decision,
          });
      });
    },
  });
  const controller = new AbortController();
  // Only refreshFile is used by write tools; the rest of the index port is not needed here.
  const symbolIndex = {
    refreshFile: async (p: string) => void refreshed.push(p),
  } as unknown as NonNullable<ToolContext['symbolIndex']>;
  const ctx: ToolContext = {
    workspace,
    signal: controller.signal,
    approvals: broker,
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'u1',
    symbolIndex,
  };
  return { ctx, events, broker, checkpoints, controller, refreshed, policies };
}

const edit = createEditFileTool();
const create = createCreateFileTool();

describe('edit_file', () => {
  it('applies an approved edit - records a checkpoint and audit, refreshes the index', async () => {
    await writeFile(path.join(project, 'a.ts'), 'const a = 1;\nconst b = 2;\n');
    const { ctx, checkpoints, refreshed, events } = await setup();
    const result = await runTool(
      edit,
      {
        path: 'a.ts',
        edits: [{ old_text: 'const b = 2;', new_text: 'const b = "$&$1$$";' }],
        description: 'change b',
      },
      ctx,
    );
    expect(result.status).toBe('ok');
    expect(result.content).toMatch(
      /Applied the edit to a\.ts \(\+1 −1 lines in 1 hunk\); the person approved it\.\nCheckpoint cp-/u,
    );
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe(
      'const a = 1;\nconst b = "$&$1$$";\n',
    );
    expect(checkpoints.list()).toMatchObject([
      { path: 'a.ts', change: 'modified', conversationId: 'c1', turnId: 't1', undone: false },
    ]);
    expect(refreshed).toEqual(['a.ts']);
    const audit = listApprovalAudit(db, { projectId: 'p1', conversationId: 'c1' });
    expect(audit).toMatchObject([
      {
        path: 'a.ts',
        outcome: 'approved',
        decidedBy: 'person',
        applied: true,
        description: 'change b',
      },
    ]);
    expect(audit[0]?.proposalHash).toMatch(/^[0-9a-f]{64}$/u);
    expect(events.map((e) => e.type)).toEqual(['approval_request', 'approval_resolved']);
  });

  it('keeps CRLF, BOM, missing final newline and mode', async () => {
    const file = path.join(project, 'w.txt');
    await writeFile(file, Buffer.from('\uFEFFone\r\ntwo\r\nthree', 'utf8'));
    await chmod(file, 0o750);
    const { ctx } = await setup();
    const result = await runTool(
      edit,
      { path: 'w.txt', edits: [{ old_text: 'one\ntwo', new_text: 'uno\ndos\nplus' }] },
      ctx,
    );
    expect(result.status).toBe('ok');
    expect(result.content).toMatch(/only after ignoring line-ending/u);
    expect((await readFile(file)).toString('utf8')).toBe('\uFEFFuno\r\ndos\r\nplus\r\nthree');
    expect((await stat(file)).mode & 0o777).toBe(0o750);
  });

  it('keeps the final newline when content drops it - and says so', async () => {
    await writeFile(path.join(project, 'n.txt'), 'a\nb\n');
    const { ctx } = await setup();
    const result = await runTool(edit, { path: 'n.txt', content: 'x\ny' }, ctx);
    expect(result.content).toMatch(/ends with a newline, so one was kept/u);
    expect(await readFile(path.join(project, 'n.txt'), 'utf8')).toBe('x\ny\n');
  });

  it('writes nothing for a failed match and never asks', async () => {
    await writeFile(path.join(project, 'a.ts'), 'x\n');
    const { ctx, events } = await setup();
    const result = await runTool(
      edit,
      { path: 'a.ts', edits: [{ old_text: 'y', new_text: 'z' }] },
      ctx,
    );
    expect(result.status).toBe('error');
    expect(result.content).toMatch(/not found in a\.ts/u);
    expect(events).toHaveLength(0);
  });

  it('refuses edits and content together, and neither', async () => {
    const { ctx } = await setup();
    expect((await runTool(edit, { path: 'a.ts' }, ctx)).content).toMatch(/exactly one of `edits`/u);
    expect(
      (
        await runTool(
          edit,
          { path: 'a.ts', content: 'x', edits: [{ old_text: 'a', new_text: 'b' }] },
          ctx,
        )
      ).status,
    ).toBe('error');
  });

  it('does not overwrite a file changed between proposal and decision - conflict', async () => {
    const file = path.join(project, 'a.ts');
    await writeFile(file, 'one\n');
    const { ctx, checkpoints } = await setup(async () => {
      await writeFile(file, 'someone else wrote this\n');
      return { type: 'approve' };
    });
    const result = await runTool(
      edit,
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
      ctx,
    );
    expect(result.status).toBe('conflict');
    expect(result.content).toMatch(
      /changed on disk after the proposal.*Nothing was written.*Re-read/su,
    );
    expect(await readFile(file, 'utf8')).toBe('someone else wrote this\n');
    expect(checkpoints.list()).toHaveLength(0);
    expect(await readdir(project)).toEqual(['a.ts']);
    expect(listApprovalAudit(db, { projectId: 'p1' })[0]).toMatchObject({
      applied: false,
      applyDetail: expect.stringMatching(/conflict/u),
    });
  });

  it('reports a rejection with the reason - status rejected', async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    const { ctx } = await setup(() => ({ type: 'reject', reason: 'use a constant instead' }));
    const result = await runTool(
      edit,
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
      ctx,
    );
    expect(result).toEqual({
      status: 'rejected',
      content: expect.stringMatching(
        /rejected the change to a\.ts; nothing was written\. Their reason: use a constant instead/u,
      ),
    });
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('one\n');
  });

  it('reports a partial approval with the rejected hunk and the text around it', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n') + '\n';
    await writeFile(path.join(project, 'p.txt'), lines);
    const { ctx } = await setup(() => ({
      type: 'approve_hunks',
      hunkIds: ['h1'],
      reason: 'keep the tail',
    }));
    const result = await runTool(
      edit,
      {
        path: 'p.txt',
        edits: [
          { old_text: 'line 1\n', new_text: 'LINE 1\n' },
          { old_text: 'line 18', new_text: 'LINE 18' },
        ],
      },
      ctx,
    );
    expect(result.status).toBe('ok');
    expect(result.content).toMatch(
      /approved hunk h1 and rejected hunk h2 \(reason: keep the tail\)/u,
    );
    expect(result.content).toMatch(
      /Rejected hunk h2 .* was not written\. It proposed:\n line 15\n line 16\n line 17\n-line 18\n\+LINE 18/u,
    );
    expect(result.content).toMatch(/19\| line 18/u);
    expect(await readFile(path.join(project, 'p.txt'), 'utf8')).toBe(
      lines.replace('line 1\n', 'LINE 1\n'),
    );
  });

  it("reports the person's edit as a diff from the proposal - in the file's line endings", async () => {
    await writeFile(path.join(project, 'e.txt'), 'a\r\nb\r\n');
    const { ctx } = await setup(() => ({ type: 'edit', content: 'a\nmine\n' }));
    const result = await runTool(
      edit,
      { path: 'e.txt', edits: [{ old_text: 'b', new_text: 'theirs' }] },
      ctx,
    );
    expect(result.status).toBe('ok');
    expect(result.content).toMatch(/edited your proposal.*-theirs\n\+mine/su);
    expect(await readFile(path.join(project, 'e.txt'), 'utf8')).toBe('a\r\nmine\r\n');
  });

  it('is denied in read-only mode - status denied, nothing written', async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    const { ctx, events } = await setup(() => null, 'read-only');
    const result = await runTool(
      edit,
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
      ctx,
    );
    expect(result.status).toBe('denied');
    expect(result.content).toMatch(/read-only/u);
    expect(events).toHaveLength(0);
  });

  it('refuses writing to a symlink', async () => {
    await writeFile(path.join(project, 'real.txt'), 'one\n');
    await symlink(path.join(project, 'real.txt'), path.join(project, 'link.txt'));
    const { ctx, events } = await setup();
    const result = await runTool(
      edit,
      { path: 'link.txt', edits: [{ old_text: 'one', new_text: 'two' }] },
      ctx,
    );
    expect(result.status).toBe('error');
    expect(result.content).toMatch(/symlink-write/u);
    expect(events).toHaveLength(0);
    expect(await readFile(path.join(project, 'real.txt'), 'utf8')).toBe('one\n');
  });

  it('refuses writing through a symlinked folder that leads outside', async () => {
    await writeFile(path.join(outside, 'secret.txt'), 'one\n');
    await symlink(outside, path.join(project, 'out'));
    const { ctx } = await setup();
    const result = await runTool(
      edit,
      { path: 'out/secret.txt', edits: [{ old_text: 'one', new_text: 'two' }] },
      ctx,
    );
    expect(result.content).toMatch(/symlink-outside/u);
    const created = await runTool(create, { path: 'out/new.txt', content: 'x' }, ctx);
    expect(created.content).toMatch(/symlink-outside/u);
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });

  it('asks for .git/config even in auto-edit mode - and writes only when approved', async () => {
    await mkdir(path.join(project, '.git'));
    await writeFile(path.join(project, '.git', 'config'), '[core]\n');
    const asked: ApprovalRequest[] = [];
    const { ctx } = await setup((request) => {
      asked.push(request);
      return { type: 'reject' };
    }, 'auto-edit');
    const result = await runTool(
      edit,
      {
        path: '.git/config',
        edits: [{ old_text: '[core]', new_text: '[core]\n\thooksPath = /tmp/evil' }],
      },
      ctx,
    );
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      protectedPath: true,
      reason: expect.stringMatching(/protected path/u),
    });
    expect(result.status).toBe('rejected');
    expect(await readFile(path.join(project, '.git', 'config'), 'utf8')).toBe('[core]\n');
    const upper = await runTool(create, { path: '.GIT/hooks/pre-commit', content: 'x' }, ctx);
    expect(upper.status).toBe('rejected');
    expect(asked[1]).toMatchObject({ path: '.GIT/hooks/pre-commit', protectedPath: true });
  });

  it('asks for .git/config reached through a symlinked folder alias - by its real path', async () => {
    await mkdir(path.join(project, '.git'));
    await writeFile(path.join(project, '.git', 'config'), '[core]\n');
    await symlink(path.join(project, '.git'), path.join(project, 'cfg'));
    const asked: ApprovalRequest[] = [];
    const { ctx } = await setup((request) => {
      asked.push(request);
      return { type: 'reject', reason: 'no' };
    }, 'auto-edit');
    const result = await runTool(
      edit,
      { path: 'cfg/config', edits: [{ old_text: '[core]', new_text: '[x]' }] },
      ctx,
    );
    expect(result.status).toBe('rejected');
    expect(asked[0]).toMatchObject({ path: '.git/config', protectedPath: true });
    expect(await readFile(path.join(project, '.git', 'config'), 'utf8')).toBe('[core]\n');
  });

  it('refuses NUL bytes in new text and binary base files', async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    await writeFile(path.join(project, 'b.bin'), Buffer.from([1, 0, 2, 10]));
    const { ctx, events } = await setup();
    expect(
      (await runTool(edit, { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'a\0b' }] }, ctx))
        .content,
    ).toMatch(/NUL byte/u);
    expect((await runTool(edit, { path: 'b.bin', content: 'text' }, ctx)).content).toMatch(
      /binary/u,
    );
    expect(events).toHaveLength(0);
  });

  it('leaves the old file intact when the write crashes before the rename', async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    const crashing = createEditFileTool({
      atomicOps: {
        ...nodeAtomicWriteOps,
        rename: () => Promise.reject(new Error('injected crash')),
      },
    });
    const { ctx, checkpoints } = await setup();
    const result = await runTool(
      crashing,
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
      ctx,
    );
    expect(result.status).toBe('error');
    expect(result.content).toMatch(
      /could not be written: injected crash\. The file was left as it was/u,
    );
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('one\n');
    expect(await readdir(project)).toEqual(['a.ts']);
    expect(checkpoints.list()).toHaveLength(0);
  });

  it('refuses writes when no approval gate is configured', async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    const workspace = await Workspace.open(project);
    const result = await runTool(
      edit,
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
      { workspace, signal: new AbortController().signal },
    );
    expect(result.status).toBe('denied');
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('one\n');
  });

  it('is rejected as aborted when the turn aborts while waiting', async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    const { ctx, controller } = await setup(() => {
      controller.abort();
      return null;
    });
    const result = await runTool(
      edit,
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
      ctx,
    );
    expect(result).toMatchObject({
      status: 'rejected',
      content: expect.stringMatching(/not written: the turn was aborted/u),
    });
  });
});

describe('create_file', () => {
  it("creates a file with the project's dominant EOL and missing folders", async () => {
    await writeFile(path.join(project, 'x.txt'), 'a\r\nb\r\n');
    await writeFile(path.join(project, 'y.txt'), 'a\r\nb\r\n');
    await writeFile(path.join(project, 'z.txt'), 'a\nb\n');
    const { ctx, checkpoints } = await setup();
    const result = await runTool(create, { path: 'src/deep/new.ts', content: 'one\ntwo\n' }, ctx);
    expect(result.status).toBe('ok');
    expect(result.content).toMatch(/Created src\/deep\/new\.ts/u);
    expect(await readFile(path.join(project, 'src/deep/new.ts'), 'utf8')).toBe('one\r\ntwo\r\n');
    expect(checkpoints.list()).toMatchObject([{ path: 'src/deep/new.ts', change: 'created' }]);
  });

  it('refuses an existing path', async () => {
    await writeFile(path.join(project, 'a.ts'), 'x');
    const { ctx } = await setup();
    const result = await runTool(create, { path: 'a.ts', content: 'y' }, ctx);
    expect(result).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/already exists\. Use edit_file/u),
    });
  });

  it('is a conflict when a file appears at the path before the decision', async () => {
    const file = path.join(project, 'n.ts');
    const { ctx } = await setup(async () => {
      await writeFile(file, 'theirs');
      return { type: 'approve' };
    });
    const result = await runTool(create, { path: 'n.ts', content: 'mine' }, ctx);
    expect(result.status).toBe('conflict');
    expect(await readFile(file, 'utf8')).toBe('theirs');
  });
});
