// `sluice mcp` as the CLI wires it (issue 31): the verb's own test runs (shellCreateTests,
// real pytest, confined) give each edit's result the verdict of the set's state, and the set
// keeps it. Driven in-process through main() with JSON-RPC lines on stdin/stdout.
import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/cli-io';
import { main } from '../../../src/cli/main';
import { detectSandbox } from '../../../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../../../src/main/core/sandbox/copy-mount';
import { openAppDatabase } from '../../../src/main/core/store/app-database';
import { createChangeSetRepository } from '../../../src/main/core/store/change-set-repository';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { sandboxExecutable } from '../../../src/main/core/test-runs/sandbox-executable';
import {
  tempProject,
  treeHash,
  type TempProject,
} from '../../main/core/test-runs/test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;
const python = sandboxExecutable('python3');
const hasPytest =
  python !== null && spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

describe.skipIf(!canRun || !hasPytest)('sluice mcp (CLI) tests before approval', () => {
  it('mcp - an edit through the served verb carries the test verdict and the set stores it', async () => {
    const p = tempProject({
      'shop/__init__.py': 'from .cart import total\n',
      'shop/cart.py': 'def total(items):\n    return sum(p * q for p, q in items)\n',
      'tests/test_cart.py':
        'from shop import total\n\ndef test_total():\n    assert total([(2, 3)]) == 6\n',
    });
    project = p;
    const before = treeHash(p.root);
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let out = '';
    const responses = new Map<number, unknown>();
    stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      let newline = out.indexOf('\n');
      while (newline >= 0) {
        const message = JSON.parse(out.slice(0, newline)) as { id?: number; result?: unknown };
        if (typeof message.id === 'number') responses.set(message.id, message.result);
        out = out.slice(newline + 1);
        newline = out.indexOf('\n');
      }
    });
    const io: CliIo = {
      stdout,
      stderr: { write: () => true },
      stdin,
      env: { SLUICE_HOME: p.home },
      cwd: p.root,
    } as unknown as CliIo;
    const send = (message: object): void => {
      stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    };
    const response = async (id: number): Promise<unknown> => {
      const deadline = Date.now() + 200_000;
      while (!responses.has(id) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      return responses.get(id);
    };
    const served = main(['mcp', '--project', p.root], io);
    send({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'cli-test', version: '1.0.0' },
      },
    });
    await response(1);
    send({ method: 'notifications/initialized' });
    send({
      id: 2,
      method: 'tools/call',
      params: {
        name: 'edit_file',
        arguments: {
          path: 'shop/cart.py',
          edits: [{ old_text: 'p * q', new_text: 'p + q' }],
        },
      },
    });
    const result = (await response(2)) as { content: { text: string }[]; isError?: boolean };
    stdin.end();
    expect(await served).toBe(0);
    const text = result.content.map((c) => c.text).join('\n');
    expect(text).toContain(
      'Not yet applied. With this change, 1 test that passes today fails: tests/test_cart.py',
    );
    const db = openAppDatabase({ home: p.home });
    try {
      const repo = createChangeSetRepository(db);
      const [summary] = repo.list(projectIdFor(p.root));
      expect(repo.get(summary?.id ?? '')?.evidence?.tests).toMatchObject({
        state: 'failed',
        newlyFailing: [{ name: 'tests/test_cart.py::test_total' }],
      });
    } finally {
      db.close();
    }
    expect(treeHash(p.root)).toBe(before);
  }, 240_000);
});
