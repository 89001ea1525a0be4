// `sluice audit --project DIR [--limit N] [--kind K] [--json]`: the project's approval trail
// (file writes, commands, MCP calls), newest first, one line per proposal: when, kind, the
// verdict, who decided, what, and the short hash the decision was bound to.
import { existsSync } from 'node:fs';
import { approvalAuditEntrySchema } from '../../shared/contract/approval-service';
import { appDatabasePath, openAppDatabase } from '../../main/core/store/app-database';
import {
  listRecentApprovalAudit,
  type RecentAuditRecord,
} from '../../main/core/store/approval-audit-repository';
import { projectIdFor } from '../../main/core/store/project-id';
import { ExitCode, UsageError, writeJsonLine } from '../cli-io';
import { defineVerb, JSON_OPTION, kindOption, PROJECT_OPTION } from '../define-verb';
import { oneLine } from '../one-line-text';
import { openProject, sluiceHomeFor } from '../project-context';

export const DEFAULT_AUDIT_LIMIT = 50;
export const MAX_AUDIT_LIMIT = 1000;
const KINDS = approvalAuditEntrySchema.shape.kind.options;
/** What a command line shows of a long command, a path or an MCP tool name. */
const MAX_WHAT = 200;

function limitOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_AUDIT_LIMIT;
  const n = /^\d{1,9}$/u.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_AUDIT_LIMIT)
    throw new UsageError(
      `--limit must be a whole number from 1 to ${MAX_AUDIT_LIMIT} (the max), not "${oneLine(text)}".`,
    );
  return n;
}

function kindOf(text: string | undefined): (typeof KINDS)[number] | undefined {
  if (text === undefined) return undefined;
  const kind = KINDS.find((k) => k === text);
  if (!kind)
    throw new UsageError(`--kind must be one of ${KINDS.join(', ')}, not "${oneLine(text)}".`);
  return kind;
}

function what(row: RecentAuditRecord): string {
  const text =
    row.kind === 'mcp'
      ? `${row.mcpServer ?? '?'}.${row.mcpTool ?? '?'}`
      : row.kind === 'command'
        ? `${row.command ?? row.description}${row.path && row.path !== '.' ? `  (in ${row.path})` : ''}`
        : row.path;
  const shown = oneLine(text);
  return shown.length > MAX_WHAT ? `${shown.slice(0, MAX_WHAT - 1)}…` : shown;
}

function line(row: RecentAuditRecord): string {
  const when = new Date(row.createdAt).toISOString();
  const verdict = oneLine(row.outcome ?? 'pending');
  const by = oneLine(row.decidedBy ?? '-');
  const hash = oneLine(row.proposalHash.slice(0, 12));
  return `${when}  ${row.kind.padEnd(7)} ${verdict.padEnd(9)} ${by.padEnd(6)} ${what(row)}  ${hash}`;
}

export default defineVerb({
  name: 'audit',
  options: {
    project: PROJECT_OPTION,
    limit: {
      type: 'string',
      value: 'N',
      help: `the most decisions to print (1-${MAX_AUDIT_LIMIT})`,
      defaultText: String(DEFAULT_AUDIT_LIMIT),
    },
    kind: kindOption(KINDS, 'only decisions of this kind', 'every kind'),
    json: { ...JSON_OPTION, help: 'print one JSON line per decision' },
  },
  async run({ values, io }) {
    const limit = limitOf(values.limit);
    const kind = kindOf(values.kind);
    const { workspace } = await openProject(io, values.project);
    const home = sluiceHomeFor(io);
    // Reading never creates the app DB: without one, nothing was decided yet.
    let rows: RecentAuditRecord[] = [];
    if (existsSync(appDatabasePath(home))) {
      const db = openAppDatabase({ home });
      try {
        rows = listRecentApprovalAudit(db, {
          projectId: projectIdFor(workspace.root),
          kind,
          limit,
        });
      } finally {
        db.close();
      }
    }
    if (values.json) {
      for (const row of rows) writeJsonLine(io, row);
      return ExitCode.Ok;
    }
    if (!rows.length) {
      io.stderr.write(
        `No approval decisions${kind ? ` of kind ${kind}` : ''} recorded for ${oneLine(workspace.root)}.\n`,
      );
      return ExitCode.Ok;
    }
    for (const row of rows) io.stdout.write(`${line(row)}\n`);
    return ExitCode.Ok;
  },
});
