import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { appDatabasePath, openAppDatabase } from '../../../src/main/core/store/app-database';
import { createApprovalAuditRepository } from '../../../src/main/core/store/approval-audit-repository';
import type {
  DecisionAuditEntry,
  ProposalAuditEntry,
} from '../../../src/main/core/store/approval-audit-records';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { fakeCliIo } from '../../support/fake-cli-io';

let project: string;
let home: string;

beforeEach(async () => {
  project = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'sluice-audit-summary-project-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-audit-summary-home-'));
});
afterEach(async () => {
  for (const dir of [project, home]) await rm(dir, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  const io = fakeCliIo({ cwd: project, env: { SLUICE_HOME: home } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), lines: () => io.lines() };
}

const DAY = 86_400_000;

/**
 * Through the real repository: file changes asked (two, one rejected), applied clean (three),
 * held back (one, twenty days ago) and a command a rule ran.
 */
function recordTrail(): void {
  const db = openAppDatabase({ home });
  const audit = createApprovalAuditRepository(db, projectIdFor(project));
  let n = 0;
  const record = (
    end: Pick<DecisionAuditEntry, 'outcome' | 'decidedBy' | 'because'> | 'held_back',
    over: Partial<ProposalAuditEntry> = {},
  ) => {
    const approvalId = `a${(n += 1)}`;
    audit.recordProposal({
      approvalId,
      conversationId: 'c1',
      turnId: 't1',
      toolUseId: null,
      tool: 'edit_file',
      path: 'src/a.ts',
      baseHash: 'b',
      proposalHash: 'f'.repeat(64),
      afterHash: 'a',
      description: 'd',
      unifiedDiff: '',
      policyAction: 'ask',
      policyReason: 'mode ask',
      protectedPath: false,
      coarseDiff: false,
      createdAt: Date.now() - 1000,
      ...over,
    });
    if (end === 'held_back') {
      audit.recordHeldBack?.({ approvalId, errors: 2, failingTests: 0, heldAt: Date.now() });
      return;
    }
    audit.recordDecision({ approvalId, decision: null, finalHash: null, decidedAt: 1, ...end });
    audit.recordApplication(approvalId, { applied: true, checkpointId: null });
  };
  try {
    record({ outcome: 'approved', decidedBy: 'person' });
    record({ outcome: 'rejected', decidedBy: 'person' });
    for (let i = 0; i < 3; i += 1)
      record({ outcome: 'approved', decidedBy: 'mode', because: 'clean_evidence' });
    record('held_back', { createdAt: Date.now() - 20 * DAY });
    record({ outcome: 'approved', decidedBy: 'rule' }, { tool: 'run_command' });
  } finally {
    db.close();
  }
}

describe('sluice audit --summary', () => {
  it('audit --summary - one line for file changes (asked, applied clean, held back, rejected), one for commands', async () => {
    recordTrail();
    const run = await sluice('audit', '--summary', '--project', project);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toBe(
      'File changes: 2 asked · 3 applied clean · 1 held back (sent back to Claude) · 1 rejected\n' +
        'Commands: 0 asked · 1 run by a rule · 0 rejected\n',
    );
  });

  it('audit --summary --since - only the last DAYS days', async () => {
    recordTrail();
    const run = await sluice('audit', '--summary', '--since', '7', '--project', project);
    expect(run.code).toBe(0);
    expect(run.out.split('\n')[0]).toBe(
      'File changes in the last 7 days: 2 asked · 3 applied clean · 0 held back (sent back to Claude) · 1 rejected',
    );
  });

  it('audit --summary --json - the counts as one JSON line', async () => {
    recordTrail();
    const run = await sluice('audit', '--summary', '--json', '--project', project);
    expect(run.code).toBe(0);
    expect(run.lines()).toEqual([
      {
        sinceDays: null,
        files: {
          asked: 2,
          appliedClean: 3,
          heldBack: 1,
          rejected: 1,
          appliedUnasked: 0,
          denied: 0,
        },
        commands: { asked: 0, rejected: 0, ranUnasked: 1, denied: 0 },
      },
    ]);
  });

  it('audit - the listing says why the evidence decided, and --since narrows it', async () => {
    recordTrail();
    const run = await sluice('audit', '--kind', 'file', '--project', project);
    const lines = run.out.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toMatch(/ file +held_back check +src\/a\.ts {2}\(2 errors\) {2}f{12}$/u);
    expect(lines[0]).toMatch(/ file +approved +mode +src\/a\.ts {2}\(clean\) {2}f{12}$/u);
    const recent = await sluice('audit', '--since', '1', '--kind', 'file', '--project', project);
    expect(recent.out.trimEnd().split('\n')).toHaveLength(5);
  });

  it('audit --summary - without an app DB, zeros, and no database is created', async () => {
    const run = await sluice('audit', '--summary', '--project', project);
    expect(run.code).toBe(0);
    expect(run.out).toContain('File changes: 0 asked · 0 applied clean · 0 held back');
    expect(existsSync(appDatabasePath(home))).toBe(false);
  });

  it('audit --summary - a bad --since, or --limit or --kind beside it, is a usage error (exit 2)', async () => {
    for (const since of ['0', '4000', 'week']) {
      const run = await sluice('audit', '--summary', '--since', since, '--project', project);
      expect({ since, code: run.code }).toEqual({ since, code: 2 });
      expect(run.err).toContain('--since must be a whole number of days from 1 to 3650');
    }
    const limit = await sluice('audit', '--summary', '--limit', '5', '--project', project);
    expect(limit.code).toBe(2);
    expect(limit.err).toContain('--summary counts every file change and command');
    expect(limit.err).toContain('Usage: sluice audit');
  });
});
