// `sluice audit --project DIR [--limit N] [--kind K] [--since DAYS] [--json]`: the project's
// approval trail (file writes, commands, MCP calls), newest first, one line per proposal: when,
// kind, the verdict, who decided, what, and the short hash the decision was bound to.
// `--summary` counts it instead: file changes asked, applied clean, held back, rejected, and
// the same for commands.
import { existsSync } from 'node:fs';
import { approvalAuditEntrySchema } from '../../shared/contract/approval-service';
import {
  auditSummaryLines,
  MAX_AUDIT_SINCE_DAYS,
  type AuditSummary,
} from '../../shared/audit-summary';
import { appDatabasePath, openAppDatabase } from '../../main/core/store/app-database';
import type { ReadableDb } from '../../main/core/store/database-handles';
import {
  listRecentApprovalAudit,
  type RecentAuditRecord,
} from '../../main/core/store/approval-audit-repository';
import { sinceOf, summarizeApprovalAudit } from '../../main/core/store/approval-audit-summary';
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

function sinceDaysOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = /^\d{1,9}$/u.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_AUDIT_SINCE_DAYS)
    throw new UsageError(
      `--since must be a whole number of days from 1 to ${MAX_AUDIT_SINCE_DAYS}, not "${oneLine(text)}".`,
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

/** Why the evidence decided, after what it was about: "(clean)", "(2 errors)". */
function because(row: RecentAuditRecord): string {
  if (row.decidedBecause === 'clean_evidence') return '  (clean)';
  if (row.outcome !== 'held_back') return '';
  const errors = row.heldBackErrors ?? 0;
  const tests = row.heldBackFailingTests ?? 0;
  if (errors > 0) return `  (${errors} error${errors === 1 ? '' : 's'})`;
  if (tests > 0) return `  (${tests} failing test${tests === 1 ? '' : 's'})`;
  // Neither: a hook on the proposed text blocked it.
  return '  (a hook blocked it)';
}

function line(row: RecentAuditRecord): string {
  const when = new Date(row.createdAt).toISOString();
  const verdict = oneLine(row.outcome ?? 'pending');
  const by = oneLine(row.decidedBy ?? '-');
  const hash = oneLine(row.proposalHash.slice(0, 12));
  return `${when}  ${row.kind.padEnd(7)} ${verdict.padEnd(9)} ${by.padEnd(6)} ${what(row)}${because(row)}  ${hash}`;
}

/** Reads the app DB when there is one: reading never creates it (nothing was decided yet). */
function readAudit<T>(home: string, read: (db: ReadableDb) => T, none: T): T {
  if (!existsSync(appDatabasePath(home))) return none;
  const db = openAppDatabase({ home });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const NOTHING_COUNTED = { asked: 0, rejected: 0, denied: 0 };

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
    since: {
      type: 'string',
      value: 'DAYS',
      help: 'only what was proposed in the last DAYS days',
      defaultText: 'the whole trail',
    },
    summary: {
      type: 'boolean',
      default: false,
      help: 'count file changes asked, applied clean, held back and rejected (and commands)',
    },
    json: { ...JSON_OPTION, help: 'print one JSON line per decision (or the summary)' },
  },
  async run({ values, io }) {
    const limit = limitOf(values.limit);
    const kind = kindOf(values.kind);
    const sinceDays = sinceDaysOf(values.since);
    if (values.summary && (values.limit !== undefined || kind !== undefined))
      throw new UsageError(
        '--summary counts every file change and command; leave out --limit and --kind.',
      );
    const { workspace } = await openProject(io, values.project);
    const home = sluiceHomeFor(io);
    const projectId = projectIdFor(workspace.root);
    if (values.summary) {
      const empty: AuditSummary = {
        sinceDays,
        files: { ...NOTHING_COUNTED, appliedClean: 0, heldBack: 0, appliedUnasked: 0 },
        commands: { ...NOTHING_COUNTED, ranUnasked: 0 },
      };
      const summary = readAudit(
        home,
        (db) => summarizeApprovalAudit(db, { projectId, sinceDays }),
        empty,
      );
      if (values.json) writeJsonLine(io, summary);
      else for (const text of auditSummaryLines(summary)) io.stdout.write(`${text}\n`);
      return ExitCode.Ok;
    }
    const since = sinceOf(sinceDays);
    const rows = readAudit(
      home,
      (db) => listRecentApprovalAudit(db, { projectId, kind, since, limit }),
      [],
    );
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
