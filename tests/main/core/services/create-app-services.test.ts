import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ContractErrorName,
  createDispatcher,
  sluiceContract,
  type Dispatcher,
} from '../../../../src/shared/contract';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import {
  createAppServices,
  type AppServices,
} from '../../../../src/main/core/services/create-app-services';
import { createUnavailableSecretStore } from '../../../../src/main/core/services/secret-store';

let temp: string;
let project: string;
let db: WritableDb;
let services: AppServices;
let dispatch: Dispatcher;
let events: string[];
let backgroundErrors: unknown[];

beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-services-')));
  project = path.join(temp, 'proj');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  writeFileSync(
    path.join(project, 'src', 'math.ts'),
    'export function add(a: number, b: number) {\n  return a + b;\n}\n',
  );
  writeFileSync(
    path.join(project, 'src', 'main.ts'),
    "import { add } from './math';\nconsole.log(add(1, 2));\n",
  );
  db = openAppDatabase({ home: path.join(temp, 'home') });
  events = [];
  backgroundErrors = [];
  services = createAppServices({
    db,
    home: path.join(temp, 'home'),
    indexHome: null,
    env: {},
    secrets: createUnavailableSecretStore('test'),
    pickFolder: async () => project,
    openExternal: async () => undefined,
    emit: (event) => events.push(event),
    onBackgroundError: (error) => backgroundErrors.push(error),
  });
  dispatch = createDispatcher(sluiceContract, services.handlers);
});

afterEach(async () => {
  await services.shutdown();
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('createAppServices', () => {
  it('before a project is open - project-bound services answer with a message, never a throw', async () => {
    for (const channel of [
      'project.tree',
      'symbols.status',
      'approvals.getPolicy',
      'checkpoints.list',
    ]) {
      const result = await dispatch(channel, {});
      expect(result, channel).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(/No project is open/) },
      });
    }
    expect(await dispatch('project.current', {})).toEqual({ ok: true, value: null });
  });

  it('opens a project and serves every service for it', async () => {
    const picked = await dispatch('project.pickFolder', {});
    expect(picked).toEqual({ ok: true, value: { path: project } });
    const opened = await dispatch('project.open', { path: project });
    expect(opened).toMatchObject({ ok: true, value: { root: project, name: 'proj' } });
    expect(events).toContain('project.opened');

    expect(await dispatch('project.tree', { dir: 'src' })).toMatchObject({
      ok: true,
      value: { entries: [{ path: 'src/main.ts' }, { path: 'src/math.ts' }] },
    });
    const definition = await dispatch('symbols.definition', { name: 'add' });
    expect(definition).toMatchObject({
      ok: true,
      value: { definitions: [{ name: 'add', path: 'src/math.ts' }] },
    });
    expect(await dispatch('approvals.getPolicy', {})).toMatchObject({ ok: true });
    expect(await dispatch('approvals.pending', {})).toEqual({ ok: true, value: [] });
    expect(await dispatch('checkpoints.list', {})).toEqual({ ok: true, value: [] });
    expect(await dispatch('agent.listConversations', {})).toEqual({ ok: true, value: [] });
    expect(await dispatch('settings.get', {})).toMatchObject({
      ok: true,
      value: { hasApiKey: false, keyStorage: 'none' },
    });
    expect(backgroundErrors).toEqual([]);
  });

  it('a bad payload on any service is InvalidInputError', async () => {
    await dispatch('project.open', { path: project });
    for (const [channel, payload] of [
      ['agent.send', { text: '' }],
      ['approvals.decide', { approvalId: 'a' }],
      ['checkpoints.undo', { id: 7 }],
      ['symbols.search', { query: 'x', limit: 100_000 }],
      ['settings.set', { theme: 'neon' }],
      ['project.readFile', {}],
    ] as const) {
      expect(await dispatch(channel, payload), channel).toMatchObject({
        ok: false,
        error: { name: ContractErrorName.InvalidInput },
      });
    }
  });

  it('re-opening another project swaps the session and keeps recent projects', async () => {
    const other = path.join(temp, 'other');
    mkdirSync(other);
    await dispatch('project.open', { path: project });
    await new Promise((resolve) => setTimeout(resolve, 5)); // distinct last_opened_at
    await dispatch('project.open', { path: other });
    expect(await dispatch('project.current', {})).toMatchObject({
      ok: true,
      value: { root: other },
    });
    expect(await dispatch('project.recent', {})).toMatchObject({
      ok: true,
      value: [{ root: other }, { root: project }],
    });
  });
});
