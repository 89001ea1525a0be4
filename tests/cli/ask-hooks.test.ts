// `sluice ask` with a hook of the person's, added with `sluice hooks add`: the real script runs in
// the turn, the model reads why the call was blocked, and stderr shows the run as a step under
// the call, as the app and the session say it.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { fakeCliIo } from '../support/fake-cli-io';

const GUARD = `#!/bin/bash
input=$(cat)
case "$input" in
  *'rm -rf'*) echo "rm -rf is not allowed in this project" >&2; exit 2;;
esac
exit 0
`;

let server: FakeAnthropicServer;
let project: string;
let home: string;
beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-hooks-')));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-hooks-home-'));
  writeFileSync(path.join(project, 'guard.sh'), GUARD, { mode: 0o755 });
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe('sluice ask with hooks', () => {
  it('ask - a PreToolUse hook blocks rm -rf: the model reads why and stderr shows the step', async () => {
    const env = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home };
    const add = fakeCliIo({ env, cwd: project });
    const added = await main(
      [
        'hooks',
        'add',
        'PreToolUse',
        '--matcher',
        'Bash',
        '--command',
        'bash "$CLAUDE_PROJECT_DIR/guard.sh"',
        '--project',
        project,
      ],
      add,
    );
    expect(added, add.err()).toBe(0);
    server.enqueue(
      reply([toolUse('run_command', { command: 'rm -rf build', description: 'clean' }, 'tu_rm')]),
      reply('I left the build folder alone.'),
    );
    const io = fakeCliIo({ env, cwd: project });
    const code = await main(['ask', 'Clean the build folder', '--project', project], io);
    expect(code, io.err()).toBe(0);
    expect(io.out()).toContain('I left the build folder alone.');
    const lines = io.err().split('\n');
    const at = lines.findIndex((line) => line.includes('Hook (yours) PreToolUse on run_command'));
    expect(lines[at]).toMatch(
      /^ {2}⊘ Hook \(yours\) PreToolUse on run_command · `bash "\$CLAUDE_PROJECT_DIR\/guard\.sh"` · blocked \(exit 2\) · \d+\.\d s$/u,
    );
    expect(lines[at + 1]).toBe('      rm -rf is not allowed in this project');
    // The call's own line says who blocked it in the person's words; the model's are not shown.
    expect(lines[at + 2]).toBe(
      '  ↺ Not run: blocked by your PreToolUse hook `bash "$CLAUDE_PROJECT_DIR/guard.sh"`.',
    );
    const sent = JSON.stringify(server.requests[1]?.body.messages?.at(-1));
    expect(sent).toContain(
      'blocked this call of run_command. Its reason: rm -rf is not allowed in this project',
    );
  }, 30_000);
});
