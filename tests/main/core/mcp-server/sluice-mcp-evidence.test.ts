// `sluice mcp` edits carry evidence (issue 24): the edit's result says what the change set
// would introduce, checked with all of the set's files, and the set stores it.
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
  fakeProjectDiagnostics,
} from '../../../support/fake-diagnostics';

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
});
