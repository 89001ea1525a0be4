// Issue 29 item 2, with a socket left open by the launcher: the test starts a Node process
// (tests/support/descriptor-leak-probe.ts) with a connected socket at fd 200, as a careless
// launcher would; that process starts a plain command, sandboxed commands and a stdio MCP
// server, each of which writes to fd 200. The listener at the socket's other end hears nothing.
import { spawn, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import {
  childStdio,
  closeInertDescriptor,
  inheritableDescriptors,
} from '../../../../src/main/core/process/child-descriptors';

const describeUnix = process.platform === 'win32' ? describe.skip : describe;

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'sluice-fds-'));
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  closeInertDescriptor();
});

describeUnix('child descriptors', () => {
  it('childStdio - asks for nothing more where this process inherited nothing', () => {
    const leaking = inheritableDescriptors();
    const stdio = childStdio(['ignore', 'pipe', 'pipe']);
    if (leaking.length === 0) expect(stdio).toEqual(['ignore', 'pipe', 'pipe']);
    else expect(stdio.length).toBe((leaking[leaking.length - 1] as number) + 1);
  });

  it('a launcher socket at fd 200 - no child of Sluice writes to it', async () => {
    let received = '';
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const client = await new Promise<Socket>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
    });
    try {
      const stdio: StdioOptions = ['ignore', 'pipe', 'pipe'];
      for (let fd = 3; fd < 200; fd += 1) stdio.push('ignore');
      stdio.push(client);
      const probe = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(__dirname, '../../../support/descriptor-leak-probe.ts'),
          root,
        ],
        { stdio, cwd: path.join(__dirname, '../../../..') },
      );
      let out = '';
      let err = '';
      probe.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
      probe.stderr?.on('data', (c: Buffer) => (err += c.toString('utf8')));
      const code = await new Promise<number | null>((resolve) => probe.on('close', resolve));
      expect(err).toBe('');
      expect(code).toBe(0);
      const said = JSON.parse(out) as Record<string, string>;
      expect(Object.keys(said)).toEqual(expect.arrayContaining(['plain', 'mcp']));
      if (detectBubblewrap().available)
        expect(Object.keys(said)).toEqual(
          expect.arrayContaining([
            'sandboxed network off',
            'sandboxed network full',
            'sandboxed network hosts',
          ]),
        );
      for (const [who, what] of Object.entries(said)) {
        // fd 200 is Sluice's inert /dev/null, read-only: the write fails.
        expect(`${who}: ${what}`).toBe(`${who}: fd200=/dev/null EBADF`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toBe('');
      expect(connections).toBe(1);
    } finally {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 60_000);
});
