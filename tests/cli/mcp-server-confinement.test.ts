// `sluice mcp` on a hostile Go project (issue 28): an MCP client's edit of main.go is checked
// before anyone approves it, and the check runs the project's toolchain only confined: the
// planted linker smuggled through `//line` writes no marker, the canary and the API key in
// sluice's environment never come back, and no project byte changes. The built CLI over stdio.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { detectBubblewrap } from '../../src/main/core/sandbox/bubblewrap';
import { findExecutable } from '../../src/main/core/diagnostics/find-executable';
import { goLinkerSmuggling, hashTree, type Planted } from '../support/hostile-projects';

const REPO = path.resolve(__dirname, '../..');
const ready = findExecutable('go', process.env) !== null && detectBubblewrap().available;
const describeReady = ready ? describe : describe.skip;
if (!ready) console.warn('mcp-server-confinement: skipped, needs go and bubblewrap');

let base: string;
let project: string;
let planted: Planted;
let client: Client;

beforeAll(() => {
  if (!ready) return;
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'error'], {
    cwd: REPO,
    stdio: 'ignore',
  });
}, 180_000);

beforeEach(async () => {
  if (!ready) return;
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-mcp-confine-')));
  project = path.join(base, 'proj');
  planted = goLinkerSmuggling(project, path.join(base, 'marker'));
  client = new Client({ name: 'sluice-test-client', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO, 'bin/sluice.js'), 'mcp', '--project', project],
      env: {
        ...(process.env as Record<string, string>),
        SLUICE_HOME: path.join(base, 'home'),
        SLUICE_TEST_CANARY_KEY: planted.canary,
        ANTHROPIC_API_KEY: `sk-ant-${planted.canary}`,
      },
      stderr: 'pipe',
    }),
  );
});

afterEach(async () => {
  if (!ready) return;
  await client.close();
  rmSync(base, { recursive: true, force: true });
});

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
}

describeReady('sluice mcp - a hostile Go project', () => {
  it('an edit of main.go - checked confined: no marker, no canary, no project byte changed', async () => {
    const before = hashTree(project);
    const edited = await client.callTool({
      name: 'edit_file',
      arguments: {
        path: 'main.go',
        edits: [{ old_text: 'func main() {', new_text: '// edited\nfunc main() {' }],
      },
    });
    const said = textOf(edited);
    expect(edited.isError).toBe(false);
    // Give a check that outlived the live deadline time to finish (its late result).
    await new Promise((r) => setTimeout(r, 3000));
    expect(existsSync(planted.marker)).toBe(false);
    expect(existsSync(path.join(project, 'planted-output'))).toBe(false);
    expect(said).not.toContain(planted.canary);
    expect(hashTree(project)).toEqual(before);
  }, 120_000);
});
