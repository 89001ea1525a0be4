import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { WebSocket } from 'ws';
import type { CliIo } from '../../../src/cli/cli-io';
import { main } from '../../../src/cli/main';
import { findRendererBundle, startServe, type ServeHandle } from '../../../src/cli/commands/serve';

function makeIo(cwd: string, env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    stdin: new PassThrough(),
    env,
    cwd,
  };
  return { io, out: () => out, err: () => err };
}

let handle: ServeHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe('sluice serve', () => {
  it('blank --project - usage error, exit 2', async () => {
    const { io, err } = makeIo(tmpdir());
    expect(await main(['serve', '--project', ''], io)).toBe(2);
    expect(err()).toContain('--project needs a folder');
  });

  it('bad --port - usage error naming the range, exit 2', async () => {
    const { io, err } = makeIo(tmpdir());
    expect(await main(['serve', '--project', '.', '--port', '99999'], io)).toBe(2);
    expect(err()).toContain('0 to 65535');
  });

  it('missing folder - usage error, exit 2', async () => {
    const { io } = makeIo(tmpdir());
    expect(await main(['serve', '--project', 'no-such-folder-xyz'], io)).toBe(2);
  });

  it.runIf(existsSync(path.join(findRendererBundle(), 'index.html')))(
    'starts - token URL on 127.0.0.1 and the contract answers over the WebSocket',
    async () => {
      const project = await mkdtemp(path.join(tmpdir(), 'sluice-serve-project-'));
      await writeFile(path.join(project, 'a.ts'), 'export const a = 1;\n');
      const home = await mkdtemp(path.join(tmpdir(), 'sluice-serve-home-'));
      const { io } = makeIo(project, { SLUICE_HOME: home });
      handle = await startServe(io, ['--project', '.']);
      const url = new URL(handle.url);
      expect(url.hostname).toBe('127.0.0.1');
      expect(handle.root.endsWith(path.basename(project))).toBe(true);
      const token = url.searchParams.get('token') ?? '';
      expect(token.length).toBeGreaterThanOrEqual(32);
      const ws = new WebSocket(`ws://127.0.0.1:${url.port}/ws?token=${token}`, {
        origin: `http://127.0.0.1:${url.port}`,
      });
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const reply = new Promise<{ id: number; result: { ok: boolean; value?: { root: string } } }>(
        (resolve) =>
          ws.on('message', (data) => {
            const frame = JSON.parse(data.toString());
            if (frame.id === 1) resolve(frame);
          }),
      );
      ws.send(JSON.stringify({ id: 1, channel: 'project.current', payload: {} }));
      const frame = await reply;
      ws.close();
      expect(frame.result.ok).toBe(true);
      expect(frame.result.value?.root.endsWith(path.basename(project))).toBe(true);
    },
  );
});
