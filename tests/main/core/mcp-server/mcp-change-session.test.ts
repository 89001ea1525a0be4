// The live MCP session against reviews (issue 23 items 1-3), in process over the SDK's
// in-memory transport: an edit that lands while the person rejects the set is not added to
// it (the set stays rejected and nothing is written), a conflict on apply moves the session
// to a new set from the disk as it is now and tells the client, and proposal_status says
// whose words a reason is.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSluiceMcpServer } from '../../../../src/main/core/mcp-server/sluice-mcp-server';
import type { McpChangeSession } from '../../../../src/main/core/mcp-server/mcp-change-session';
import {
  applyChangeSet,
  rejectChangeSet,
} from '../../../../src/main/core/proposals/apply-change-set';
import { changeSetRevision } from '../../../../src/main/core/proposals/change-set-revision';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createChangeSetRepository } from '../../../../src/main/core/store/change-set-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

let project: string;
let home: string;
let db: WritableDb;
let workspace: Workspace;
let client: Client;
let session: McpChangeSession;

beforeEach(async () => {
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-mcp-session-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-mcp-session-home-'));
  writeFileSync(path.join(project, 'a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(project, 'b.ts'), 'export const b = 1;\n');
  db = openAppDatabase({ home });
  workspace = await Workspace.open(project);
  const created = createSluiceMcpServer({ db, workspace });
  session = created.session;
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await created.server.connect(serverSide);
  client = new Client({ name: 'session-test', version: '1.0.0' });
  await client.connect(clientSide);
});

afterEach(async () => {
  await client.close();
  await session.close();
  db.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const textOf = (result: Awaited<ReturnType<Client['callTool']>>): string =>
  (result.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');

const edit = (file: string, from: string, to: string) =>
  client.callTool({
    name: 'edit_file',
    arguments: { path: file, edits: [{ old_text: from, new_text: to }] },
  });

const idOf = (text: string): string => /Change set: ([0-9a-f-]{36})/u.exec(text)?.[1] ?? '';

describe('mcp change session', () => {
  it('mcp change session - an edit landing while the person rejects the set is not added to it', async () => {
    const id = idOf(textOf(await edit('a.ts', 'a = 1', 'a = 2')));
    // The server took the session's state, then the person rejected before the edit landed.
    const state = session.current();
    rejectChangeSet({ db, workspace }, { changeSetId: id, reason: 'not now' });
    const tool = state.tools.get('edit_file');
    if (!tool) throw new Error('no edit_file');
    await runTool(
      tool,
      { path: 'b.ts', edits: [{ old_text: 'b = 1', new_text: 'b = 2' }] },
      { workspace: state.workspace, signal: new AbortController().signal },
    );
    const stored = createChangeSetRepository(db).get(id);
    expect(stored).toMatchObject({ status: 'rejected', paths: ['a.ts'] });
    expect(state.lostEdit).toMatch(/b\.ts was not kept: the person rejected change set/u);
    // Applying it now is refused; nothing reaches the disk.
    await expect(applyChangeSet({ db, workspace }, { changeSetId: id })).rejects.toThrow(
      /is rejected/u,
    );
    expect(readFileSync(path.join(project, 'b.ts'), 'utf8')).toBe('export const b = 1;\n');
    // The next edit starts a new set.
    const next = idOf(textOf(await edit('b.ts', 'b = 1', 'b = 3')));
    expect(next).not.toBe(id);
    expect(createChangeSetRepository(db).get(next)?.status).toBe('proposed');
  });

  it('apply - holds the set while it writes: a reject or an edit arriving meanwhile is refused', async () => {
    const id = idOf(textOf(await edit('a.ts', 'a = 1', 'a = 2')));
    const state = session.current();
    const applying = applyChangeSet({ db, workspace }, { changeSetId: id });
    expect(() => rejectChangeSet({ db, workspace }, { changeSetId: id, reason: 'no' })).toThrow(
      /being applied right now[\s\S]*nothing was rejected/u,
    );
    const tool = state.tools.get('edit_file');
    if (!tool) throw new Error('no edit_file');
    await runTool(
      tool,
      { path: 'b.ts', edits: [{ old_text: 'b = 1', new_text: 'b = 2' }] },
      { workspace: state.workspace, signal: new AbortController().signal },
    );
    expect(state.lostEdit).toMatch(/was being applied while it was being made/u);
    expect((await applying).status).toBe('accepted');
    expect(createChangeSetRepository(db).get(id)).toMatchObject({
      status: 'accepted',
      paths: ['a.ts'],
    });
    expect(readFileSync(path.join(project, 'b.ts'), 'utf8')).toBe('export const b = 1;\n');
  });

  it('apply - a set that changed after the person looked at it is refused, nothing written', async () => {
    const id = idOf(textOf(await edit('a.ts', 'a = 1', 'a = 2')));
    const seen = changeSetRevision(createChangeSetRepository(db).get(id) ?? { files: [] });
    // The person is looking at a.ts's change; the client sends another edit to the same set.
    await edit('b.ts', 'b = 1', 'b = 2');
    expect(createChangeSetRepository(db).get(id)?.paths).toEqual(['a.ts', 'b.ts']);
    await expect(
      applyChangeSet({ db, workspace }, { changeSetId: id, seenRevision: seen }),
    ).rejects.toThrow(/changed while you were looking at it[\s\S]*nothing was written/u);
    expect(readFileSync(path.join(project, 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(readFileSync(path.join(project, 'b.ts'), 'utf8')).toBe('export const b = 1;\n');
    expect(createChangeSetRepository(db).get(id)?.status).toBe('proposed');
    // Looked at again, the set applies as shown.
    const now = changeSetRevision(createChangeSetRepository(db).get(id) ?? { files: [] });
    const applied = await applyChangeSet({ db, workspace }, { changeSetId: id, seenRevision: now });
    expect(applied.status).toBe('accepted');
    expect(readFileSync(path.join(project, 'b.ts'), 'utf8')).toBe('export const b = 2;\n');
  });

  it('mcp change session - a conflict marks the set and the next call moves to a new set from the disk', async () => {
    const id = idOf(textOf(await edit('a.ts', 'a = 1', 'a = 2')));
    writeFileSync(path.join(project, 'a.ts'), 'export const a = 10;\n');
    const applied = await applyChangeSet({ db, workspace }, { changeSetId: id });
    expect(applied.status).toBe('proposed');
    expect(applied.files[0]?.state).toBe('conflict');
    const stored = createChangeSetRepository(db).get(id);
    expect(stored?.needsRecheck).toMatch(/a\.ts changed on disk since this set was made/u);
    const status = textOf(await client.callTool({ name: 'proposal_status', arguments: {} }));
    expect(status).toMatch(/Sluice's note: nothing could be applied/u);
    expect(status).not.toMatch(/person's reason/u);
    // That next call said the session moved on, once; reads see the disk as it is now.
    expect(status).toMatch(/can no longer be applied as it is[\s\S]*new change set/u);
    const read = textOf(await client.callTool({ name: 'read_file', arguments: { path: 'a.ts' } }));
    expect(read).not.toMatch(/can no longer be applied/u);
    expect(read).toMatch(/a = 10/u);
    const next = idOf(textOf(await edit('a.ts', 'a = 10', 'a = 11')));
    expect(next).not.toBe(id);
    const applied2 = await applyChangeSet({ db, workspace }, { changeSetId: next });
    expect(applied2.status).toBe('accepted');
    expect(readFileSync(path.join(project, 'a.ts'), 'utf8')).toBe('export const a = 11;\n');
  });

  it('mcp change session - a file edited and then reverted leaves the set and gets no checkpoint', async () => {
    const id = idOf(textOf(await edit('a.ts', 'a = 1', 'a = 2')));
    await edit('b.ts', 'b = 1', 'b = 2');
    await edit('a.ts', 'a = 2', 'a = 1');
    expect(createChangeSetRepository(db).get(id)?.paths).toEqual(['b.ts']);
    const applied = await applyChangeSet({ db, workspace }, { changeSetId: id });
    expect(applied.files.map((f) => f.path)).toEqual(['b.ts']);
  });

  it('proposal_status - a partly applied file names the written hunks', async () => {
    writeFileSync(path.join(project, 'a.ts'), 'one\n2\n3\n4\n5\n6\n7\n8\n9\nten\n');
    const id = idOf(textOf(await edit('a.ts', 'one', 'ONE')));
    await edit('a.ts', 'ten', 'TEN');
    const applied = await applyChangeSet(
      { db, workspace },
      { changeSetId: id, selection: { hunks: { 'a.ts': ['h2'] } }, reason: 'only the end' },
    );
    expect(applied.files[0]?.note).toBe('hunk 2 of 2 written; the rest not');
    const status = textOf(
      await client.callTool({ name: 'proposal_status', arguments: { change_set_id: id } }),
    );
    expect(status).toMatch(/a\.ts: partly accepted: hunks h2 written; rejected h1/u);
    expect(status).toMatch(/The person's reason: only the end/u);
  });
});
