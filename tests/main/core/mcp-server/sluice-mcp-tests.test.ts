// `sluice mcp` edits carry the test verdict (issue 31): each edit runs the tests the set's
// state affects with real pytest in the confined copy; the result says "Not yet applied. With
// this change, …" and the set stores the verdict with its evidence, a late one included.
import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { createSluiceMcpServer } from '../../../../src/main/core/mcp-server/sluice-mcp-server';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createChangeSetRepository } from '../../../../src/main/core/store/change-set-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { projectIdFor } from '../../../../src/main/core/store/project-id';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';
import { projectTests, type ProjectTests } from '../../../../src/main/core/test-runs/project-tests';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { shellCreateTests } from '../../../../src/main/core/test-runs/shell-tests';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { tempProject, treeHash, type TempProject } from '../test-runs/test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;
const python = sandboxExecutable('python3');
const hasPytest =
  python !== null && spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

const CART = 'def total(items):\n    return sum(p * q for p, q in items)\n';
const FILES = {
  'shop/__init__.py': 'from .cart import total\n',
  'shop/cart.py': CART,
  'tests/test_cart.py':
    'from shop import total\n\ndef test_total():\n    assert total([(2, 3)]) == 6\n\ndef test_old_bug():\n    assert total([]) == 1\n',
};

let project: TempProject | undefined;
let db: WritableDb | undefined;
const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  db?.close();
  db = undefined;
  project?.cleanup();
});

const text = (result: Awaited<ReturnType<Client['callTool']>>): string =>
  (result.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');

async function connect(
  p: TempProject,
  tests: (db: WritableDb) => ProjectTests,
): Promise<{ client: Client; changeSetId: () => string | null; close: () => Promise<void> }> {
  const opened = openAppDatabase({ home: p.home });
  db = opened;
  const { server, session } = createSluiceMcpServer({
    db: opened,
    workspace: await Workspace.open(p.root),
    tests: tests(opened),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    changeSetId: () => session.changeSetId,
    close: async () => {
      await client.close();
      await session.close();
    },
  };
}

describe.skipIf(!canRun || !hasPytest)('sluice mcp tests before approval', () => {
  it('edit_file - the result carries the verdict of the set; the set stores it; the disk is untouched', async () => {
    const p = tempProject(FILES);
    project = p;
    const before = treeHash(p.root);
    const mcp = await connect(p, (database) => {
      const made = shellCreateTests({
        root: p.root,
        projectId: projectIdFor(p.root),
        home: p.home,
        settings: createSettingsRepository(database),
      });
      disposers.push(() => made.service.dispose());
      return made.tests;
    });
    try {
      const broken = await mcp.client.callTool({
        name: 'edit_file',
        arguments: { path: 'shop/cart.py', edits: [{ old_text: 'p * q', new_text: 'p + q' }] },
      });
      expect(broken.isError).toBe(false);
      expect(text(broken)).toContain(
        'Not yet applied. With this change, 1 test that passes today fails: tests/test_cart.py',
      );
      expect(text(broken)).toMatch(/test_total/u);
      const id = mcp.changeSetId();
      if (!id) throw new Error('no change set');
      const stored = createChangeSetRepository(opened()).get(id)?.evidence?.tests;
      expect(stored?.state).toBe('failed');
      expect(stored?.newlyFailing.map((f) => f.name)).toEqual(['tests/test_cart.py::test_total']);
      expect(stored?.alreadyFailing.map((f) => f.name)).toEqual([
        'tests/test_cart.py::test_old_bug',
      ]);

      const fixed = await mcp.client.callTool({
        name: 'edit_file',
        arguments: { path: 'shop/cart.py', edits: [{ old_text: 'p + q', new_text: 'q * p' }] },
      });
      expect(text(fixed)).toMatch(/Not yet applied\. Tests: .*1 already failing/u);
      expect(text(fixed)).not.toContain('tests that pass today');
      const after = createChangeSetRepository(opened()).get(id)?.evidence?.tests;
      expect(after?.newlyFailing).toEqual([]);
      expect(after?.alreadyFailing.map((f) => f.name)).toEqual([
        'tests/test_cart.py::test_old_bug',
      ]);
      expect(treeHash(p.root)).toBe(before);
    } finally {
      await mcp.close();
    }
  }, 240_000);

  it('edit_file - past the deadline the result says so and the late verdict is stored in the set', async () => {
    const p = tempProject(FILES);
    project = p;
    const mcp = await connect(p, (database) => {
      const made = shellCreateTests({
        root: p.root,
        projectId: projectIdFor(p.root),
        home: p.home,
        settings: createSettingsRepository(database),
      });
      disposers.push(() => made.service.dispose());
      // The real service behind a deadline no run can meet.
      return projectTests(made.service, () => 1);
    });
    try {
      const result = await mcp.client.callTool({
        name: 'edit_file',
        arguments: { path: 'shop/cart.py', edits: [{ old_text: 'p * q', new_text: 'p + q' }] },
      });
      expect(text(result)).toContain('Not yet applied. Tests: still running after');
      const id = mcp.changeSetId();
      if (!id) throw new Error('no change set');
      expect(createChangeSetRepository(opened()).get(id)?.evidence?.tests?.state).toBe('timed_out');
      const deadline = Date.now() + 200_000;
      let state: string | undefined;
      while (Date.now() < deadline) {
        state = createChangeSetRepository(opened()).get(id)?.evidence?.tests?.state;
        if (state !== 'timed_out') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const late = createChangeSetRepository(opened()).get(id)?.evidence?.tests;
      expect(late?.state).toBe('failed');
      expect(late?.newlyFailing.map((f) => f.name)).toEqual(['tests/test_cart.py::test_total']);
    } finally {
      await mcp.close();
    }
  }, 240_000);
});

function opened(): WritableDb {
  if (!db) throw new Error('no database');
  return db;
}
