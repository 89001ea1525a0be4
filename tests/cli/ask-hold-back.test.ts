// sluice ask - a change that would introduce errors goes back to the model once, unseen, and
// the identical change is then put to the person with its errors (issue 24's hold-back through
// the CLI's lazily built approvals).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io';
import { createAskCommand } from '../../src/cli/commands/ask';
import { main } from '../../src/cli/main';
import { fakeCliIo } from '../support/fake-cli-io';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { createFakeDiagnostics, diagnostic, evidence } from '../support/fake-diagnostics';

let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-hold-back-project-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-hold-back-home-'));
  writeFileSync(path.join(project, 'a.ts'), 'export const total = 1;\n');
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function makeIo(): { io: CliIo; stderr: () => string } {
  const err: string[] = [];
  const io: CliIo = {
    stdout: { write: () => true },
    stderr: { write: (t: string) => err.push(t) },
    stdin: Readable.from([]) as Readable & { isTTY?: boolean },
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home },
    cwd: project,
  };
  return { io, stderr: () => err.join('') };
}

describe('sluice ask - hold-back', () => {
  it('a change that breaks the build - back to the model unseen once, then asked with its errors', async () => {
    const broken = (changes: readonly { after: string | null }[]) =>
      changes.some((c) => c.after?.includes("'one'"))
        ? evidence([diagnostic('use.ts', 2, "Type 'string' is not assignable to type 'number'.")])
        : evidence();
    const fake = createFakeDiagnostics(broken);
    const edit = {
      path: 'a.ts',
      edits: [{ old_text: 'export const total = 1;', new_text: "export const total = 'one';" }],
    };
    server.enqueue(
      reply([toolUse('edit_file', edit)]),
      reply([toolUse('edit_file', edit)]),
      reply('Done.'),
    );
    const ask = createAskCommand({
      maxRetries: 1,
      onInterrupt: () => () => undefined,
      createDiagnostics: () => fake,
    });
    const { io } = makeIo();
    await ask.run(['Make total a string', '--project', project], io);
    // The newest tool result the model read before each of its replies.
    const results = server.requests.map((r) =>
      JSON.stringify((r.body.messages ?? []).at(-1) ?? null),
    );
    // The model's first tool result: held back, not shown to anyone.
    expect(results[1]).toContain('not shown to the person');
    // The identical second call went to the gate (no terminal here, so it was rejected).
    expect(results[2]).not.toContain('not shown to the person');
    expect(results[2]).toContain('no terminal to ask the person');
    expect(readFileSync(path.join(project, 'a.ts'), 'utf8')).toBe('export const total = 1;\n');
    // The approval trail counts the hold-back beside the change that was put to the gate.
    const audit = fakeCliIo({ cwd: project, env: { SLUICE_HOME: home } });
    expect(await main(['audit', '--summary', '--json', '--project', project], audit)).toBe(0);
    expect(audit.lines()).toMatchObject([{ files: { heldBack: 1 } }]);
  });
});
