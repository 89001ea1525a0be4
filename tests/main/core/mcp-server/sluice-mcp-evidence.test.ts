// `sluice mcp` edits carry evidence (issue 24): the edit's result says what the change set
// would introduce, checked with all of the set's files, and the set stores it. The changed files'
// errors answer the edit; the importers' come with the client's next call.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSluiceMcpServer } from '../../../../src/main/core/mcp-server/sluice-mcp-server';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createChangeSetRepository } from '../../../../src/main/core/store/change-set-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { sha256 } from '../../../../src/main/core/workspace/content-hash';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  brokenWhenMarked,
  createFakeDiagnostics,
  diagnostic,
  fakeProjectDiagnostics,
} from '../../../support/fake-diagnostics';
import { createStagedChecker, stagedDiagnostics } from '../../../support/staged-checker';

let project: string;
let home: string;
let db: WritableDb;

beforeEach(() => {
  project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-mcp-evidence-')));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-mcp-evidence-home-'));
  writeFileSync(path.join(project, 'a.ts'), 'export const a = 1;\n');
  db = openAppDatabase({ home });
});
afterEach(() => {
  db.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const text = (result: Awaited<ReturnType<Client['callTool']>>): string =>
  (result.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');

describe('sluice mcp evidence', () => {
  it('edit_file - the result says "Not yet applied" with the errors; the set stores the evidence', async () => {
    const fake = createFakeDiagnostics(brokenWhenMarked);
    const diagnostics = fakeProjectDiagnostics(fake);
    const { server, session } = createSluiceMcpServer({
      db,
      workspace: await Workspace.open(project),
      diagnostics,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const broken = await client.callTool({
        name: 'edit_file',
        arguments: { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= BROKEN' }] },
      });
      expect(broken.isError).toBe(false);
      expect(text(broken)).toContain(
        "Not yet applied. With all your changes so far, this change would introduce 1 error:\n- a.ts:1: Cannot find name 'BROKEN'.\nRevise it unless a later edit fixes them.",
      );
      const id = session.changeSetId;
      if (!id) throw new Error('no change set');
      expect(createChangeSetRepository(db).get(id)?.evidence).toMatchObject({
        state: 'checked',
        introduced: [{ path: 'a.ts' }],
        baseHashes: { 'a.ts': sha256('export const a = 1;\n') },
      });
      const fixed = await client.callTool({
        name: 'edit_file',
        arguments: { path: 'a.ts', edits: [{ old_text: '= BROKEN', new_text: '= 2' }] },
      });
      expect(text(fixed)).toContain(
        'Not yet applied. Checked with all your changes so far: no new errors.',
      );
      expect(createChangeSetRepository(db).get(id)?.evidence?.introduced).toEqual([]);
      expect(readFileSync(path.join(project, 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
    } finally {
      await client.close();
      await session.close();
    }
    // The checks belong to the project engine that made them, which stops them after the session.
    expect(fake.disposed).toBe(0);
    await diagnostics.dispose();
    expect(fake.disposed).toBe(1);
  });

  it('edit_file - answered once the changed file is checked; the importer error comes with the next call, whatever the tool; the set stores the complete evidence', async () => {
    const checker = createStagedChecker(() => ({
      changed: [diagnostic('a.ts', 1, 'own error')],
      importers: [diagnostic('use.ts', 2, 'importer error')],
    }));
    const diagnostics = stagedDiagnostics(checker);
    const { server, session } = createSluiceMcpServer({
      db,
      workspace: await Workspace.open(project),
      diagnostics,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const edit = await client.callTool({
        name: 'edit_file',
        arguments: { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= 2' }] },
      });
      expect(text(edit)).toContain(
        'Errors in the changed files: with all your changes so far, this change would introduce 1 error:\n- a.ts:1: own error\nThe files that import them are still being checked',
      );
      expect(text(edit)).not.toContain('importer error');
      const id = session.changeSetId;
      if (!id) throw new Error('no change set');
      checker.checks[0]?.release();
      const sets = createChangeSetRepository(db);
      for (let i = 0; i < 300 && sets.get(id)?.evidence?.state !== 'checked'; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(sets.get(id)?.evidence?.introduced.map((d) => d.path)).toEqual(['a.ts', 'use.ts']);
      // proposal_status is the session's own tool, not a propose tool: it carries the note too.
      const status = await client.callTool({ name: 'proposal_status', arguments: {} });
      expect(text(status)).toMatch(
        /^Since your edit of a\.ts: 1 error in the files that import your changed files:\n- use\.ts:2: importer error\n/u,
      );
      const again = await client.callTool({ name: 'proposal_status', arguments: {} });
      expect(text(again)).not.toContain('Since your edit');
    } finally {
      await client.close();
      await session.close();
      await diagnostics.dispose();
    }
  });
});
