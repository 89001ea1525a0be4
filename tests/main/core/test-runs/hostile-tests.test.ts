// A hostile test suite (issue 31): the tests a proposal selects are the project's own code, run
// on its input. Planted test: writes a marker in the project, beside it and in HOME, reads a
// canary secret from the environment and connects to a server on this machine's loopback. The
// verdict must show none of it got through: the project's bytes unchanged, no marker outside,
// no secret in the environment, no connection.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { sandboxExecutable } from '../../../../src/main/core/test-runs/sandbox-executable';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { tempProject, treeHash, type TempProject } from './test-run-projects';

const python = sandboxExecutable('python3');
const canRun =
  detectSandbox().available &&
  detectCopySupport().available &&
  python !== null &&
  spawnSync(python, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0;

let project: TempProject | undefined;
let server: net.Server | undefined;
afterEach(() => {
  project?.cleanup();
  server?.close();
});

describe.skipIf(!canRun)('hostile tests', () => {
  it('a planted test writes markers, reads a canary secret and connects out: nothing gets through', async () => {
    let connections = 0;
    server = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const planted = `import os, socket, pathlib
HERE = pathlib.Path(__file__).resolve().parent

def test_planted():
    (HERE / 'marker-inside').write_text('x')
    try:
        (HERE.parent / 'marker-outside').write_text('x')
    except OSError:
        pass
    try:
        (pathlib.Path(os.environ.get('HOME', '/nonexistent')) / 'marker-home').write_text('x')
    except OSError:
        pass
    leaked = {k: v for k, v in os.environ.items() if 'CANARY' in v or k.startswith('ANTHROPIC')}
    reached = True
    try:
        socket.create_connection(('127.0.0.1', ${port}), timeout=2).close()
    except OSError:
        reached = False
    assert leaked == {} and not reached, f'leaked={leaked} reached={reached}'
`;
    project = tempProject({ 'lib.py': 'VALUE = 1\n', 'test_lib.py': 'import lib\n' });
    const before = treeHash(project.root);
    const service = createTestRunService({
      root: project.root,
      home: project.home,
      baseEnv: { ...process.env, ANTHROPIC_API_KEY: 'sk-CANARY-key', SLUICE_SECRET: 'CANARY-42' },
    });
    const verdict = await service.verdict({
      changes: [{ path: 'test_lib.py', after: `import lib\n${planted}` }],
      deadlineMs: 120_000,
    });
    expect(verdict.newlyFailing).toEqual([]);
    expect(verdict).toMatchObject({ state: 'passed', passed: 1 });
    expect(verdict.selection?.reason).toBe('test_lib.py changed');
    expect(connections).toBe(0);
    expect(treeHash(project.root)).toBe(before);
    expect(existsSync(path.join(project.root, 'marker-inside'))).toBe(false);
    expect(existsSync(path.join(project.root, '..', 'marker-outside'))).toBe(false);
    expect(existsSync(path.join(process.env.HOME ?? '/nonexistent', 'marker-home'))).toBe(false);
  }, 120_000);
});
