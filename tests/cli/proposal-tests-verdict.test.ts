// Tests before approval in the CLI (issue 31): `sluice ask --mode propose` stores the verdict of
// the change set's final state, from a real pytest run in a private copy; `proposal show` prints
// it and `--json` includes it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAskCommand } from '../../src/cli/commands/ask';
import { main } from '../../src/cli/main';
import { detectSandbox } from '../../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../../src/main/core/sandbox/copy-mount';
import { sandboxExecutable } from '../../src/main/core/test-runs/sandbox-executable';
import { changeSetSchema } from '../../src/shared/change-sets';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { cliRun } from '../support/fake-cli-io';
import { createFakeDiagnostics } from '../support/fake-diagnostics';

const python = sandboxExecutable('python3');
const canRun =
  detectSandbox().available &&
  detectCopySupport().available &&
  python !== null &&
  spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

const CART = 'def total(items):\n    return sum(p * q for p, q in items)\n';
let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-tests-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-tests-home-'));
  mkdirSync(path.join(project, 'shop'));
  mkdirSync(path.join(project, 'tests'));
  writeFileSync(path.join(project, 'shop/__init__.py'), '');
  writeFileSync(path.join(project, 'shop/cart.py'), CART);
  writeFileSync(
    path.join(project, 'tests/test_cart.py'),
    'from shop.cart import total\n\ndef test_total():\n    assert total([(2, 3)]) == 6\n',
  );
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const makeIo = () =>
  cliRun({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home });

describe.skipIf(!canRun)('CLI test verdict', () => {
  it('proposal show - prints the set’s test verdict with the failing test and its output; --json includes it', async () => {
    const ask = createAskCommand({
      maxRetries: 0,
      onInterrupt: () => () => undefined,
      createDiagnostics: () => createFakeDiagnostics(),
    });
    server.enqueue(
      reply([
        toolUse('edit_file', {
          path: 'shop/cart.py',
          edits: [{ old_text: 'p * q', new_text: 'p + q' }],
        }),
      ]),
      reply('done'),
    );
    const run = makeIo();
    expect(
      await ask.run(['change the total', '--mode', 'propose', '--project', project], run.io),
    ).toBe(0);
    const id = run.stdout().trim();
    const show = makeIo();
    expect(await main(['proposal', 'show', id], show.io)).toBe(0);
    expect(show.stdout()).toMatch(/Tests: 1 newly failing · 0 pass \(pytest, [\d.]+ m?s\)/u);
    expect(show.stdout()).toContain('  Selected: 1 test file imports shop/cart.py');
    expect(show.stdout()).toContain('failing tests/test_cart.py::test_total');
    expect(show.stdout()).toMatch(/assert 5 == 6/u);
    const json = makeIo();
    expect(await main(['proposal', 'show', id, '--json'], json.io)).toBe(0);
    expect(changeSetSchema.parse(JSON.parse(json.stdout())).evidence?.tests).toMatchObject({
      state: 'failed',
      newlyFailing: [{ name: 'tests/test_cart.py::test_total' }],
    });
    expect(readFileSync(path.join(project, 'shop/cart.py'), 'utf8')).toBe(CART);
  }, 120_000);
});
