import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { appDatabasePath, openAppDatabase } from '../../../src/main/core/store/app-database';
import { createApprovalAuditRepository } from '../../../src/main/core/store/approval-audit-repository';
import type { ProposalAuditEntry } from '../../../src/main/core/store/approval-audit-records';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { fakeCliIo } from '../../support/fake-cli-io';

let project: string;
let other: string;
let home: string;

beforeEach(async () => {
  project = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'sluice-audit-project-')));
  other = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'sluice-audit-other-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-audit-home-'));
});
afterEach(async () => {
  for (const dir of [project, other, home]) await rm(dir, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  const io = fakeCliIo({ cwd: project, env: { SLUICE_HOME: home } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), lines: () => io.lines() };
}

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);

function entry(over: Partial<ProposalAuditEntry> & { approvalId: string }): ProposalAuditEntry {
  return {
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: null,
    tool: 'edit_file',
    path: 'src/a.ts',
    baseHash: 'b'.repeat(64),
    proposalHash: 'f'.repeat(64),
    afterHash: 'a'.repeat(64),
    description: 'a change',
    unifiedDiff: '',
    policyAction: 'ask',
    policyReason: 'mode ask',
    protectedPath: false,
    coarseDiff: false,
    createdAt: T0,
    ...over,
  };
}

/** Records a file write, a command and an MCP call (oldest to newest) through the real repository. */
function recordThree(root = project, tag = ''): void {
  const db = openAppDatabase({ home });
  try {
    const audit = createApprovalAuditRepository(db, projectIdFor(root));
    audit.recordProposal(
      entry({ approvalId: `${tag}a-file`, proposalHash: `1111aaaa2222${'0'.repeat(52)}` }),
    );
    audit.recordDecision({
      approvalId: `${tag}a-file`,
      outcome: 'approved',
      decidedBy: 'person',
      decision: { type: 'approve' },
      finalHash: 'a'.repeat(64),
      decidedAt: T0 + 10,
    });
    audit.recordProposal(
      entry({
        approvalId: `${tag}a-cmd`,
        tool: 'run_command',
        path: 'packages/web',
        unifiedDiff: 'npm test -- --watch=false',
        proposalHash: `3333bbbb4444${'0'.repeat(52)}`,
        policyAction: 'deny',
        createdAt: T0 + 1000,
      }),
    );
    audit.recordDecision({
      approvalId: `${tag}a-cmd`,
      outcome: 'denied',
      decidedBy: 'rule',
      decision: null,
      finalHash: null,
      decidedAt: T0 + 1001,
    });
    audit.recordProposal(
      entry({
        approvalId: `${tag}a-mcp`,
        tool: 'mcp__files__write',
        path: 'files/write',
        kind: 'mcp',
        mcp: {
          server: 'files',
          serverTool: 'write',
          argumentsDigest: 'd'.repeat(64),
          definitionHash: 'e'.repeat(64),
        },
        proposalHash: `5555cccc6666${'0'.repeat(52)}`,
        createdAt: T0 + 2000,
      }),
    );
  } finally {
    db.close();
  }
}

describe('sluice audit', () => {
  it('audit - one line per decision, newest first: time, kind, verdict, who, what, short hash', async () => {
    recordThree();
    const run = await sluice('audit', '--project', project);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const lines = run.out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^2026-01-02T03:04:07\.000Z +mcp +pending +- +files\.write +5555cccc6666$/u,
    );
    expect(lines[1]).toMatch(
      /^2026-01-02T03:04:06\.000Z +command +denied +rule +npm test -- --watch=false {2}\(in packages\/web\) +3333bbbb4444$/u,
    );
    expect(lines[2]).toMatch(
      /^2026-01-02T03:04:05\.000Z +file +approved +person +src\/a\.ts +1111aaaa2222$/u,
    );
  });

  it('audit --json - newline-delimited rows, newest first, with the command line', async () => {
    recordThree();
    recordThree(other, 'other-');
    const run = await sluice('audit', '--project', project, '--json');
    expect(run.code).toBe(0);
    expect(run.lines()).toHaveLength(3);
    expect(run.lines()).toMatchObject([
      {
        approvalId: 'a-mcp',
        kind: 'mcp',
        mcpServer: 'files',
        mcpTool: 'write',
        outcome: null,
      },
      {
        approvalId: 'a-cmd',
        kind: 'command',
        command: 'npm test -- --watch=false',
        decidedBy: 'rule',
      },
      {
        approvalId: 'a-file',
        kind: 'file',
        path: 'src/a.ts',
        outcome: 'approved',
        command: null,
      },
    ]);
  });

  it('audit --limit and --kind - the newest N, of one kind', async () => {
    recordThree();
    const two = await sluice('audit', '--project', project, '--limit', '2', '--json');
    expect(two.lines().map((r) => (r as { approvalId: string }).approvalId)).toEqual([
      'a-mcp',
      'a-cmd',
    ]);
    const files = await sluice('audit', '--project', project, '--kind', 'file', '--json');
    expect(files.lines().map((r) => (r as { approvalId: string }).approvalId)).toEqual(['a-file']);
    const commands = await sluice('audit', '--project', project, '--kind', 'command');
    expect(commands.out.trimEnd().split('\n')).toHaveLength(1);
    expect(commands.out).toContain('npm test');
  });

  it('audit - the default is the newest 50', async () => {
    const db = openAppDatabase({ home });
    try {
      const audit = createApprovalAuditRepository(db, projectIdFor(project));
      for (let i = 0; i < 60; i += 1)
        audit.recordProposal(entry({ approvalId: `a-${i}`, createdAt: T0 + i * 1000 }));
    } finally {
      db.close();
    }
    const rows = (await sluice('audit', '--project', project, '--json')).lines() as {
      approvalId: string;
    }[];
    expect(rows).toHaveLength(50);
    expect(rows[0]?.approvalId).toBe('a-59');
    expect(rows[49]?.approvalId).toBe('a-10');
  });

  it('audit - a bad --limit or --kind is a usage error naming the bounds (exit 2)', async () => {
    for (const limit of ['0', '5000', 'ten', '1.5']) {
      const run = await sluice('audit', '--project', project, '--limit', limit);
      expect({ limit, code: run.code }).toEqual({ limit, code: 2 });
      expect(run.err).toContain('--limit must be a whole number from 1 to 1000 (the max)');
      expect(run.err).toContain('Usage: sluice audit');
    }
    const kind = await sluice('audit', '--project', project, '--kind', 'network');
    expect(kind.code).toBe(2);
    expect(kind.err).toContain('--kind must be one of file, command, mcp');
    expect(await sluice('audit', '--project', project, '--limit', '1000')).toMatchObject({
      code: 0,
    });
  });

  it('audit - without an app DB says nothing was recorded and creates none', async () => {
    const run = await sluice('audit', '--project', project);
    expect(run.code).toBe(0);
    expect(run.out).toBe('');
    expect(run.err).toBe(`No approval decisions recorded for ${project}.\n`);
    expect(existsSync(appDatabasePath(home))).toBe(false);
  });

  it('audit - stored paths and commands are shown with control characters escaped', async () => {
    const db = openAppDatabase({ home });
    try {
      const audit = createApprovalAuditRepository(db, projectIdFor(project));
      audit.recordProposal(entry({ approvalId: 'x', path: 'evil\u001b[2J\u202e.ts\nfake line' }));
    } finally {
      db.close();
    }
    const run = await sluice('audit', '--project', project);
    for (const hidden of ['\u001b', '\u202e']) expect(run.out).not.toContain(hidden);
    expect(run.out.trimEnd().split('\n')).toHaveLength(1);
    expect(run.out).toContain('evil\\u001b[2J\\u202e.ts\\u000afake line');
  });

  it("audit - a write approved by sluice tool --yes shows up as the person's approval", async () => {
    await writeFile(path.join(project, 'a.ts'), 'one\n');
    const edit = await sluice(
      'tool',
      'edit_file',
      '--project',
      project,
      '--input',
      JSON.stringify({ path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] }),
      '--yes',
    );
    expect(edit.code).toBe(0);
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('two\n');
    const run = await sluice('audit', '--project', project);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z +file +approved +person +a\.ts +[0-9a-f]{12}\n$/u,
    );
  });
});
