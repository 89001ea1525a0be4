// A propose run (`sluice ask --mode propose`) on a hostile Go project (issue 28): the model's
// edit of main.go is checked with the real diagnostics, whose go runs confined: the planted
// linker smuggled through `//line` writes no marker, the canary in Sluice's environment and
// the API key never reach the stored change set, and no project byte changes.
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAskCommand } from '../../src/cli/commands/ask';
import { main } from '../../src/cli/main';
import { detectBubblewrap } from '../../src/main/core/sandbox/bubblewrap';
import { findExecutable } from '../../src/main/core/diagnostics/find-executable';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { cliRun } from '../support/fake-cli-io';
import { goLinkerSmuggling, hashTree, type Planted } from '../support/hostile-projects';

const ready = findExecutable('go', process.env) !== null && detectBubblewrap().available;
const describeReady = ready ? describe : describe.skip;
if (!ready) console.warn('proposal-confinement: skipped, needs go and bubblewrap');

let server: FakeAnthropicServer;
let base: string;
let project: string;
let planted: Planted;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-propose-confine-')));
  project = path.join(base, 'proj');
  planted = goLinkerSmuggling(project, path.join(base, 'marker'));
  // The diagnostics read Sluice's own environment: the canary is in it.
  process.env.SLUICE_TEST_CANARY_KEY = planted.canary;
});
afterEach(async () => {
  delete process.env.SLUICE_TEST_CANARY_KEY;
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

describeReady('propose run - a hostile Go project', () => {
  it('the edit is checked confined: no marker, no canary, no project byte changed', async () => {
    const before = hashTree(project);
    const env = {
      ANTHROPIC_API_KEY: `sk-ant-${planted.canary}`,
      ANTHROPIC_BASE_URL: server.baseURL,
      SLUICE_HOME: path.join(base, 'home'),
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      SLUICE_TEST_CANARY_KEY: planted.canary,
    };
    const ask = createAskCommand({ maxRetries: 0, onInterrupt: () => () => undefined });
    server.enqueue(
      reply([
        toolUse('edit_file', {
          path: 'main.go',
          edits: [{ old_text: 'func main() {', new_text: '// edited\nfunc main() {' }],
        }),
      ]),
      reply('done'),
    );
    const run = cliRun(env);
    expect(await ask.run(['edit main', '--mode', 'propose', '--project', project], run.io)).toBe(0);
    const id = run.stdout().trim();
    const show = cliRun(env);
    expect(await main(['proposal', 'show', id, '--json'], show.io)).toBe(0);
    expect(existsSync(planted.marker)).toBe(false);
    expect(hashTree(project)).toEqual(before);
    expect(show.stdout() + run.stdout() + run.stderr()).not.toContain(planted.canary);
    // The stored evidence was made by go (confined), not skipped, and it is honest: the project
    // does not build (the planted ld fails the link, or a fixed go refuses the flag), so it is
    // never "checked, no new errors".
    const stored = JSON.parse(show.stdout()) as {
      evidence: { state: string; introduced: unknown[]; languages: { language: string }[] };
    };
    expect(stored.evidence.languages.map((l) => l.language)).toEqual(['go']);
    expect(stored.evidence.state !== 'checked' || stored.evidence.introduced.length > 0).toBe(true);
  }, 120_000);
});
