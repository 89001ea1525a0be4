// A change a hook's block held back is recorded held back with no error and no failing test:
// `sluice audit` says a hook blocked it, not "(0 failing tests)".
import { realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { openAppDatabase } from '../../../src/main/core/store/app-database';
import { createApprovalAuditRepository } from '../../../src/main/core/store/approval-audit-repository';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { fakeCliIo } from '../../support/fake-cli-io';

let project: string;
let home: string;

beforeEach(async () => {
  project = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'sluice-audit-hook-project-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-audit-hook-home-'));
});
afterEach(async () => {
  for (const dir of [project, home]) await rm(dir, { recursive: true, force: true });
});

describe('sluice audit and hooks', () => {
  it('audit - a change a hook held back says a hook blocked it', async () => {
    const db = openAppDatabase({ home });
    try {
      const audit = createApprovalAuditRepository(db, projectIdFor(project));
      audit.recordProposal({
        approvalId: 'a1',
        conversationId: 'c1',
        turnId: 't1',
        toolUseId: null,
        tool: 'edit_file',
        path: 'src/cart.js',
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
      });
      audit.recordHeldBack?.({ approvalId: 'a1', errors: 0, failingTests: 0, heldAt: Date.now() });
    } finally {
      db.close();
    }
    const io = fakeCliIo({ cwd: project, env: { SLUICE_HOME: home } });
    expect(await main(['audit'], io)).toBe(0);
    const line =
      io
        .out()
        .split('\n')
        .find((l) => l.includes('src/cart.js')) ?? '';
    expect(line).toContain('held_back');
    expect(line).toContain('src/cart.js  (a hook blocked it)');
  });
});
