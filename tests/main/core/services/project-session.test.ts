import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createProjectRepository } from '../../../../src/main/core/store/project-repository';
import {
  createProjectSession,
  NoProjectOpenError,
} from '../../../../src/main/core/services/project-session';

let temp: string;
let db: WritableDb;
beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-session-')));
  mkdirSync(path.join(temp, 'one'));
  mkdirSync(path.join(temp, 'two'));
  db = openAppDatabase({ home: path.join(temp, 'home') });
});
afterEach(() => {
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('createProjectSession', () => {
  it('require - throws NoProjectOpenError before an open', () => {
    const session = createProjectSession({
      projects: createProjectRepository(db),
      openContext: () => 0,
    });
    expect(() => session.require()).toThrow(NoProjectOpenError);
  });

  it('open - builds the context, disposes the previous one after the swap', async () => {
    const log: string[] = [];
    const session = createProjectSession({
      projects: createProjectRepository(db),
      openContext: ({ info }) => {
        log.push(`open ${info.name}`);
        return info.name;
      },
      disposeContext: (context) => {
        log.push(`dispose ${context}`);
      },
    });
    await session.open(path.join(temp, 'one'));
    await session.open(path.join(temp, 'two'));
    expect(session.require().context).toBe('two');
    await session.close();
    expect(log).toEqual(['open one', 'open two', 'dispose one', 'dispose two']);
    expect(session.current()).toBeNull();
  });

  it('open - a failing context keeps the previous project and records nothing', async () => {
    const projects = createProjectRepository(db);
    const session = createProjectSession({
      projects,
      openContext: ({ info }) => {
        if (info.name === 'two') throw new Error('index failed');
        return info.name;
      },
    });
    await session.open(path.join(temp, 'one'));
    await expect(session.open(path.join(temp, 'two'))).rejects.toThrow(/index failed/);
    expect(session.require().context).toBe('one');
    expect(projects.recent().map((p) => p.name)).toEqual(['one']);
  });

  it('open - concurrent opens apply in call order', async () => {
    const session = createProjectSession({
      projects: createProjectRepository(db),
      openContext: ({ info }) => info.name,
    });
    await Promise.all([session.open(path.join(temp, 'one')), session.open(path.join(temp, 'two'))]);
    expect(session.require().info.name).toBe('two');
  });
});
