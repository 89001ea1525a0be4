import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import type { TestVerdict } from '../../../../src/shared/test-verdict';
import { filesEvidence } from '../../../../src/main/core/evidence/files-evidence';
import type { ProjectTests } from '../../../../src/main/core/test-runs/project-tests';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { brokenWhenMarked, createFakeDiagnostics } from '../../../support/fake-diagnostics';

let project: string;
beforeEach(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-files-evidence-'));
  writeFileSync(path.join(project, 'a.ts'), 'export const a = 2;\n');
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const failing: TestVerdict = {
  state: 'failed',
  newlyFailing: [{ file: 'a.test.ts', name: 'a is one', output: 'expected 2 to be 1' }],
  flaky: [],
  alreadyFailing: [],
  passed: 0,
  ms: 5,
  checkedAt: new Date(0).toISOString(),
};

/** Tests whose verdict arrives late (past the deadline), as a slow suite's does. */
function lateTests(): ProjectTests & { requests: unknown[] } {
  const requests: unknown[] = [];
  return {
    requests,
    liveDeadlineMs: () => 50,
    verdict: async (request) => {
      requests.push(request);
      setTimeout(() => request.onLateResult?.(failing), 20);
      return { ...failing, state: 'timed_out', newlyFailing: [] };
    },
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('filesEvidence', () => {
  it('against the disk now - errors and tests both, and a late test verdict keeps the errors', async () => {
    const lates: ProposalEvidence[] = [];
    const tests = lateTests();
    const evidence = await filesEvidence(
      [{ path: 'a.ts', text: 'export const a = BROKEN;\n', baseHash: 'old' }],
      {
        diagnostics: createFakeDiagnostics(brokenWhenMarked),
        tests,
        against: { disk: await Workspace.open(project) },
        deadlineMs: 1000,
        testKey: 'set-1',
        testDeadlineMs: 50,
        onLate: (late) => lates.push(late),
      },
    );
    expect(evidence.introduced).toHaveLength(1);
    expect(evidence.tests?.state).toBe('timed_out');
    // Recorded against the disk as it is, not the base the set was made on.
    expect(evidence.baseHashes).toEqual({ 'a.ts': sha256('export const a = 2;\n') });
    // Unknown base text: the tests' baseline is the disk.
    expect(tests.requests).toMatchObject([{ key: 'set-1', changes: [{ path: 'a.ts' }] }]);
    expect((tests.requests[0] as { changes: object[] }).changes[0]).not.toHaveProperty('before');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(lates.at(-1)).toMatchObject({
      introduced: [{ path: 'a.ts' }],
      tests: { state: 'failed', newlyFailing: [{ name: 'a is one' }] },
    });
  });

  it('against the bases - no checker: says errors were not checked, names each base', async () => {
    const evidence = await filesEvidence(
      [{ path: 'new.ts', text: 'x\n', baseHash: 'absent', baseText: null }],
      {
        against: 'bases',
        deadlineMs: 1000,
        testKey: 'k',
        testDeadlineMs: 50,
        onLate: () => undefined,
      },
    );
    expect(evidence).toMatchObject({
      state: 'not_checked',
      reason: 'errors are not checked in this session',
      baseHashes: { 'new.ts': 'absent' },
    });
    expect(evidence.tests).toBeUndefined();
  });
});
