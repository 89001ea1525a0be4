// `proposal apply ID --hunks`: the evidence of exactly the selection is shown before the
// write; on a terminal the person is asked, and a no writes nothing.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAskCommand } from '../../src/cli/commands/ask';
import { createProposalCommand } from '../../src/cli/commands/proposal';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { cliRun } from '../support/fake-cli-io';
import { brokenWhenMarked, createFakeDiagnostics } from '../support/fake-diagnostics';

let server: FakeAnthropicServer;
let project: string;
let home: string;
const BEFORE =
  'export const a = 1;\nk();\nk();\nk();\nk();\nk();\nk();\nk();\nexport const b = 2;\n';
// Two hunks: the first breaks the build, the second is clean.
const AFTER = BEFORE.replace('a = 1', 'a = BROKEN').replace('b = 2', 'b = 3');

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-selection-evidence-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-selection-evidence-home-'));
  writeFileSync(path.join(project, 'cart.ts'), BEFORE);
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const env = () => ({
  ANTHROPIC_API_KEY: 'k',
  ANTHROPIC_BASE_URL: server.baseURL,
  SLUICE_HOME: home,
});

async function proposedSet(): Promise<string> {
  const ask = createAskCommand({
    maxRetries: 0,
    onInterrupt: () => () => undefined,
    createDiagnostics: null,
    createTests: null,
  });
  server.enqueue(reply([toolUse('edit_file', { path: 'cart.ts', content: AFTER })]), reply('done'));
  const run = cliRun(env());
  expect(await ask.run(['change it', '--mode', 'propose', '--project', project], run.io)).toBe(0);
  return run.stdout().trim();
}

const checks = {
  createDiagnostics: () => createFakeDiagnostics(brokenWhenMarked),
  createTests: null,
};

describe('proposal apply --hunks - the selection is checked before it is written', () => {
  it('without a terminal - prints the errors of exactly the hunks picked, then applies', async () => {
    const id = await proposedSet();
    const run = cliRun(env());
    const code = await createProposalCommand(checks).run(
      ['apply', id, '--hunks', 'cart.ts:h1', '--project', project],
      run.io,
    );
    expect(code).toBe(0);
    expect(run.stderr()).toContain('What this selection would write (1 file), checked:');
    expect(run.stderr()).toMatch(/introduces 1 error/u);
    expect(readFileSync(path.join(project, 'cart.ts'), 'utf8')).toBe(
      BEFORE.replace('a = 1', 'a = BROKEN'),
    );
  });

  it('the clean hunk alone - says no new errors', async () => {
    const id = await proposedSet();
    const run = cliRun(env());
    await createProposalCommand(checks).run(
      ['apply', id, '--hunks', 'cart.ts:2', '--project', project],
      run.io,
    );
    expect(run.stderr()).toMatch(/introduces no new errors/u);
    expect(run.stderr()).not.toMatch(/introduces \d+ error/u);
  });

  it('on a terminal - asks after the evidence, and a no writes nothing', async () => {
    const id = await proposedSet();
    const run = cliRun(env());
    const stdin = new PassThrough();
    let err = '';
    const io = {
      ...run.io,
      stdin: Object.assign(stdin, { isTTY: true }),
      stderr: {
        isTTY: true,
        write: (text: string) => {
          err += text;
          if (text.startsWith('Apply this selection?')) stdin.write('n\n');
          return true;
        },
      },
      env: { ...env(), NO_COLOR: '1' },
    };
    const code = await createProposalCommand(checks).run(
      ['apply', id, '--hunks', 'cart.ts:h1', '--project', project],
      io,
    );
    expect(code).toBe(0);
    expect(err.indexOf('introduces 1 error')).toBeLessThan(err.indexOf('Apply this selection?'));
    expect(err).toContain('Nothing was applied: you said no.');
    expect(readFileSync(path.join(project, 'cart.ts'), 'utf8')).toBe(BEFORE);
  });
});
