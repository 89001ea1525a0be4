// `sluice checkpoints` says what was checked of the text each change wrote: the hunks the
// person kept, their edited version, or the change as proposed, and whether it was checked
// to the end. The records are made as the engine makes them, in a temp SLUICE_HOME.
import { mkdtemp, rm } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import type { CliIo } from '../../../src/cli/cli-io';
import { openAppDatabase } from '../../../src/main/core/store/app-database';
import { createCheckpointEvidenceRepository } from '../../../src/main/core/store/checkpoint-evidence-repository';
import { createCheckpointRepository } from '../../../src/main/core/store/checkpoint-repository';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import type { ProposalEvidence } from '../../../src/shared/diagnostics';
import type { Checkpoint } from '../../../src/shared/contract/checkpoint-service';

let project: string;
let home: string;

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-cli-checkpoints-'));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-cli-home-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end();
  const io: CliIo = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    stdin,
    env: { SLUICE_HOME: home },
    cwd: project,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const error = (line: number) => ({
  path: 'src/cart.ts',
  line,
  column: 1,
  code: 'TS2304',
  message: "Cannot find name 'BROKEN'.",
  lineText: 'BROKEN',
  source: 'typescript',
});

function evidence(errors: number, failing: number): ProposalEvidence {
  return {
    state: 'checked',
    ms: 30,
    introduced: Array.from({ length: errors }, (_, i) => error(i + 1)),
    fixed: [],
    languages: [{ language: 'typescript', state: 'checked', filesChecked: 1, ms: 30 }],
    checkedAt: new Date(0).toISOString(),
    baseHashes: {},
    tests: {
      state: failing ? 'failed' : 'passed',
      newlyFailing: Array.from({ length: failing }, (_, i) => ({
        name: `cart > case ${i}`,
        file: 'src/cart.test.ts',
        output: 'expected 3 to be 2',
      })),
      flaky: [],
      alreadyFailing: [],
      passed: 4,
      ms: 900,
      checkedAt: new Date(0).toISOString(),
    },
  };
}

/** Three written changes with their kept evidence, and one written before any was kept. */
function seed(): void {
  const db = openAppDatabase({ home });
  try {
    const id = projectIdFor(realpathSync(project));
    const checkpoints = createCheckpointRepository(db, id);
    const kept = createCheckpointEvidenceRepository(db, id);
    const bytes = new TextEncoder().encode('x\n');
    const write = (approvalId: string, file: string) =>
      checkpoints.record({
        approvalId,
        conversationId: 'c1',
        turnId: 't1',
        path: file,
        beforeBytes: bytes,
        afterBytes: bytes,
        mode: 0o644,
      });
    write('a1', 'src/cart.ts');
    write('a2', 'src/edited.ts');
    write('a3', 'src/late.ts');
    write('a4', 'src/old.ts');
    kept.keep({
      approvalId: 'a1',
      what: 'selection',
      textHash: 'h1',
      evidence: evidence(2, 1),
      complete: true,
      kept: { hunks: 2, wholeHunks: 1, partialHunks: 0, changedLines: 2, keptLines: 1 },
    });
    kept.keep({
      approvalId: 'a2',
      what: 'edited',
      textHash: 'h2',
      evidence: evidence(0, 0),
      complete: true,
    });
    kept.keep({
      approvalId: 'a3',
      what: 'proposal',
      textHash: 'h3',
      evidence: { ...evidence(0, 0), state: 'timed_out' },
      complete: false,
    });
  } finally {
    db.close();
  }
}

describe('sluice checkpoints - what was checked of the text written', () => {
  it('says what each change was checked as, and what was found', async () => {
    seed();
    const run = await sluice('checkpoints', '--project', project);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const line = (file: string) => run.stdout.split('\n').find((l) => l.includes(file)) ?? '';
    expect(line('src/cart.ts')).toMatch(
      /^cp-\S+ {2}\S+ \S+ {2}src\/cart\.ts {2}\(modified, turn t1\) {2}checked: 2 errors introduced · 1 test newly failing \(the 1 of 2 hunks you kept\)$/u,
    );
    expect(line('src/edited.ts')).toContain('checked: clean (your edited version)');
    expect(line('src/late.ts')).toContain(
      'not fully checked when written (the change as proposed)',
    );
    expect(line('src/old.ts')).not.toContain('checked');
  });

  it('--json carries the evidence summary beside each checkpoint', async () => {
    seed();
    const run = await sluice('checkpoints', '--project', project, '--json');
    expect(run.code).toBe(0);
    const rows = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Checkpoint);
    const cart = rows.find((r) => r.path === 'src/cart.ts');
    expect(cart?.evidence).toMatchObject({
      what: 'selection',
      checked: 'the 1 of 2 hunks you kept',
      introducedCount: 2,
      newlyFailingCount: 1,
      newlyFailing: ['src/cart.test.ts: cart > case 0'],
      complete: true,
    });
    expect(rows.find((r) => r.path === 'src/old.ts')).not.toHaveProperty('evidence');
  });
});
