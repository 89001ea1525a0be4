import { realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { openAppDatabase } from '../../../src/main/core/store/app-database';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { createSettingsRepository } from '../../../src/main/core/store/settings-repository';
import { storedTestRunSettings } from '../../../src/main/core/test-runs/test-run-settings-store';
import { fakeCliIo } from '../../support/fake-cli-io';

let project: string;
let other: string;
let home: string;

beforeEach(async () => {
  project = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'sluice-rules-tests-')));
  other = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'sluice-rules-tests-other-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-rules-tests-home-'));
});
afterEach(async () => {
  for (const dir of [project, other, home]) await rm(dir, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  const io = fakeCliIo({ cwd: project, env: { SLUICE_HOME: home } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** What a test run of that project reads (the service's settings, from the app DB). */
function serviceSettings(root: string) {
  const db = openAppDatabase({ home });
  try {
    return storedTestRunSettings(createSettingsRepository(db), projectIdFor(root))();
  } finally {
    db.close();
  }
}

describe('sluice rules tests', () => {
  it('rules tests - shows the defaults before anything is stored', async () => {
    const run = await sluice('rules', 'tests', '--project', project);
    expect(run.code).toBe(0);
    expect(run.out).toContain('Tests before approval: on');
    expect(run.out).toContain('live deadline: 60 s');
  });

  it('rules tests - off, a command and a deadline are saved for this project only, and the test runs read them', async () => {
    const run = await sluice(
      'rules',
      'tests',
      '--off',
      '--command',
      'pnpm vitest',
      '--deadline',
      '20',
      '--project',
      project,
    );
    expect(run.code).toBe(0);
    expect(run.out).toContain('Tests before approval: off');
    expect(run.out).toContain('runner command: pnpm vitest');
    expect(serviceSettings(project)).toMatchObject({
      enabled: false,
      command: 'pnpm vitest',
      liveDeadlineMs: 20_000,
    });
    expect(serviceSettings(other)).toMatchObject({
      enabled: true,
      command: '',
      liveDeadlineMs: 60_000,
    });
    const back = await sluice(
      'rules',
      'tests',
      '--on',
      '--command',
      '',
      '--project',
      project,
      '--json',
    );
    expect(JSON.parse(back.out)).toEqual({
      tests: { enabled: true, command: '', liveDeadlineMs: 20_000 },
    });
  });

  it('rules tests - a deadline out of bounds or both switches are usage errors', async () => {
    expect((await sluice('rules', 'tests', '--deadline', '0.1', '--project', project)).code).toBe(
      2,
    );
    expect((await sluice('rules', 'tests', '--on', '--off', '--project', project)).code).toBe(2);
  });
});
