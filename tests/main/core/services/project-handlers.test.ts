import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  defineContract,
  createDispatcher,
  ContractErrorName,
  projectService,
} from '../../../../src/shared/contract';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createProjectRepository } from '../../../../src/main/core/store/project-repository';
import { createProjectSession } from '../../../../src/main/core/services/project-session';
import {
  createProjectHandlers,
  PREVIEW_BYTE_LIMIT,
} from '../../../../src/main/core/services/project-handlers';

let temp: string;
let project: string;
let db: WritableDb;
let emitted: { event: string; payload: unknown }[];

function build(pickFolder = async (): Promise<string | null> => null) {
  const projects = createProjectRepository(db);
  const session = createProjectSession({ projects, openContext: () => undefined });
  const handlers = createProjectHandlers({
    session,
    projects,
    pickFolder,
    emit: (event, payload) => emitted.push({ event, payload }),
  });
  const dispatch = createDispatcher(
    defineContract({ services: { project: projectService }, events: {} }),
    {
      project: handlers,
    },
  );
  return { handlers, session, dispatch };
}

beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-project-')));
  project = path.join(temp, 'proj');
  mkdirSync(path.join(project, 'src', 'deep'), { recursive: true });
  mkdirSync(path.join(project, 'node_modules', 'x'), { recursive: true });
  writeFileSync(path.join(project, '.gitignore'), 'node_modules/\n*.log\n');
  writeFileSync(path.join(project, 'b.ts'), 'export const b = 1;\n');
  writeFileSync(path.join(project, 'a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(project, 'debug.log'), 'noise');
  writeFileSync(path.join(project, 'src', 'index.ts'), 'x');
  writeFileSync(path.join(temp, 'secret.txt'), 'TOP SECRET');
  symlinkSync(path.join(temp, 'secret.txt'), path.join(project, 'leak.txt'));
  db = openAppDatabase({ home: path.join(temp, 'home') });
  emitted = [];
});
afterEach(() => {
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('createProjectHandlers', () => {
  it('open - realpath root, recorded in recent, project.opened emitted', async () => {
    const { handlers } = build();
    const info = await handlers.open({ path: path.join(project, 'src', '..') });
    expect(info.root).toBe(project);
    expect(info.name).toBe('proj');
    expect(emitted).toEqual([{ event: 'project.opened', payload: info }]);
    expect(await handlers.current({})).toEqual(info);
    expect((await handlers.recent({})).map((p) => p.root)).toEqual([project]);
  });

  it('open - a missing folder gets a sandbox error and keeps the previous project', async () => {
    const { handlers } = build();
    const first = await handlers.open({ path: project });
    await expect(handlers.open({ path: path.join(temp, 'nope') })).rejects.toThrow(
      /rule: not-found/,
    );
    expect(await handlers.current({})).toEqual(first);
  });

  it('tree - one level, folders first, ignore-aware', async () => {
    const { handlers } = build();
    await handlers.open({ path: project });
    const { entries, truncated } = await handlers.tree({ dir: '' });
    expect(truncated).toBe(false);
    expect(entries.map((e) => `${e.type}:${e.path}`)).toEqual([
      'dir:src',
      'file:.gitignore',
      'file:a.ts',
      'file:b.ts',
      'symlink:leak.txt',
    ]);
    expect(entries.find((e) => e.path === 'a.ts')?.size).toBe(20);
    expect((await handlers.tree({ dir: 'src' })).entries.map((e) => e.path)).toEqual([
      'src/deep',
      'src/index.ts',
    ]);
  });

  it('tree - refuses a folder outside the root, names the rule', async () => {
    const { handlers } = build();
    await handlers.open({ path: project });
    await expect(handlers.tree({ dir: '../' })).rejects.toThrow(/rule: outside-root/);
  });

  it('tree and readFile - before any open, ask to open a folder', async () => {
    const { handlers } = build();
    await expect(handlers.tree({ dir: '' })).rejects.toThrow(/No project is open/);
    await expect(handlers.readFile({ path: 'a.ts' })).rejects.toThrow(/No project is open/);
  });

  it('readFile - text, binary described, a symlink outside refused', async () => {
    writeFileSync(path.join(project, 'bin.dat'), Buffer.from([0, 1, 2, 0, 3]));
    const { handlers } = build();
    await handlers.open({ path: project });
    expect(await handlers.readFile({ path: 'a.ts' })).toEqual({
      path: 'a.ts',
      content: 'export const a = 1;\n',
      truncated: false,
      binary: false,
    });
    expect(await handlers.readFile({ path: 'bin.dat' })).toMatchObject({
      binary: true,
      content: '',
    });
    const leak = handlers.readFile({ path: 'leak.txt' });
    await expect(leak).rejects.toThrow(/rule: symlink-outside/);
    await expect(leak).rejects.not.toThrow(/TOP SECRET/);
  });

  it('readFile - a large file is cut at a character boundary', async () => {
    // 'a' shifts the two-byte characters so the byte limit falls inside one.
    writeFileSync(path.join(project, 'big.txt'), `a${'é'.repeat(PREVIEW_BYTE_LIMIT)}`);
    const { handlers } = build();
    await handlers.open({ path: project });
    const result = await handlers.readFile({ path: 'big.txt' });
    expect(result.truncated).toBe(true);
    expect(result.content).toBe(`a${'é'.repeat(PREVIEW_BYTE_LIMIT / 2 - 1)}`);
    expect(result.content).not.toContain('\uFFFD');
  });

  it("commands - the project's .sluice/commands through the dispatcher, skipped ones with why", async () => {
    mkdirSync(path.join(project, '.sluice', 'commands'), { recursive: true });
    writeFileSync(path.join(project, '.sluice', 'commands', 'review.md'), 'Review $ARGUMENTS');
    writeFileSync(path.join(project, '.sluice', 'commands', 'Bad.md'), 'x');
    const { handlers, dispatch } = build();
    await handlers.open({ path: project });
    const result = await dispatch('project.commands', {});
    expect(result).toEqual({
      ok: true,
      value: {
        commands: [
          {
            name: 'review',
            description: 'Review $ARGUMENTS',
            body: 'Review $ARGUMENTS',
            file: '.sluice/commands/review.md',
          },
        ],
        skipped: [{ file: '.sluice/commands/Bad.md', reason: expect.any(String) as string }],
      },
    });
  });

  it('pickFolder - answers the injected dialog', async () => {
    const { handlers } = build(async () => '/chosen');
    expect(await handlers.pickFolder({})).toEqual({ path: '/chosen' });
  });
});

describe('project handlers through the dispatcher', () => {
  it('a bad payload is InvalidInputError - never a throw', async () => {
    const { dispatch } = build();
    for (const payload of [
      undefined,
      null,
      42,
      { path: 1 },
      { path: '' },
      { path: 'x', extra: true },
    ]) {
      const result = await dispatch('project.open', payload);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.name).toBe(ContractErrorName.InvalidInput);
    }
  });

  it('a sandbox refusal comes back as data with the rule', async () => {
    const { dispatch } = build();
    await dispatch('project.open', { path: project });
    const result = await dispatch('project.readFile', { path: '/etc/passwd' });
    expect(result).toMatchObject({ ok: false, error: { name: 'SandboxError' } });
    if (!result.ok) expect(result.error.message).toMatch(/rule: outside-root/);
  });

  it('an unknown or prototype method is UnknownMethodError', async () => {
    const { dispatch } = build();
    for (const channel of [
      'project.nope',
      'project.__proto__',
      'project.constructor',
      'nope',
      '',
    ]) {
      const result = await dispatch(channel, {});
      expect(result).toMatchObject({ ok: false, error: { name: ContractErrorName.UnknownMethod } });
    }
  });

  it('tree defaults dir to the root', async () => {
    const { dispatch } = build();
    await dispatch('project.open', { path: project });
    const result = await dispatch('project.tree', {});
    expect(result.ok).toBe(true);
  });
});
