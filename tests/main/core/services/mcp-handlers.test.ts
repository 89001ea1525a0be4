// The mcp contract service through the app's composition: a person's server added in
// Settings is started by refresh, its tools listed with their policy; closing the project
// stops the server process.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher, sluiceContract, type Dispatcher } from '../../../../src/shared/contract';
import type { McpList } from '../../../../src/shared/contract';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import {
  createAppServices,
  type AppServices,
} from '../../../../src/main/core/services/create-app-services';
import { createUnavailableSecretStore } from '../../../../src/main/core/services/secret-store';
import { alive } from '../../../support/process-alive';

const EVERYTHING = path.resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

let temp: string;
let project: string;
let db: WritableDb;
let services: AppServices;
let dispatch: Dispatcher;

beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-mcp-services-')));
  project = path.join(temp, 'proj');
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(project, 'a.ts'), 'export const a = 1;\n');
  db = openAppDatabase({ home: path.join(temp, 'home') });
  services = createAppServices({
    db,
    home: path.join(temp, 'home'),
    indexHome: null,
    env: {},
    secrets: createUnavailableSecretStore('test'),
    pickFolder: async () => project,
    openExternal: async () => undefined,
    emit: () => undefined,
    onBackgroundError: () => undefined,
  });
  dispatch = createDispatcher(sluiceContract, services.handlers);
});

afterEach(async () => {
  await services.shutdown();
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('mcp handlers', () => {
  it('mcp service - add, refresh lists tools, always-allow pins, closing the project stops the server', async () => {
    await dispatch('project.open', { path: project });
    const added = await dispatch('mcp.addServer', {
      server: {
        transport: 'stdio',
        name: 'ev',
        command: process.execPath,
        args: [EVERYTHING, 'stdio'],
        env: {},
      },
    });
    expect(added).toMatchObject({
      ok: true,
      value: { servers: [{ name: 'ev', state: 'stopped' }] },
    });
    const refreshed = (await dispatch('mcp.refresh', {})) as { ok: true; value: McpList };
    const ev = refreshed.value.servers[0];
    expect(ev?.state).toBe('running');
    // Keyed by identity (issue 22 item 12): the view names the key its settings live under.
    const key = ev?.key ?? '';
    expect(key).toMatch(/^person:ev:[0-9a-f]{16}$/u);
    expect(ev?.tools.map((t) => t.name)).toContain('echo');
    const allowed = (await dispatch('mcp.setToolPolicy', {
      key,
      tool: 'echo',
      policy: 'allow',
    })) as { ok: true; value: McpList };
    expect(allowed.value.servers[0]?.tools.find((t) => t.name === 'echo')?.policy).toBe('allow');
    const bad = await dispatch('mcp.setToolPolicy', {
      key,
      tool: 'no-such-tool',
      policy: 'allow',
    });
    expect(bad).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/not listed/u) },
    });

    const pid = (await services.session.current()?.context.mcp.servers())?.connectionStatus(
      key,
    )?.pid;
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid as number)).toBe(true);
    await services.session.close();
    const until = Date.now() + 5_000;
    while (alive(pid as number) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(alive(pid as number)).toBe(false);
  });
});
