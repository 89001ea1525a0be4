// `sluice conversations [--search TEXT] [--limit N] [--json] [--project DIR]`: the project's
// conversations (and its worktrees'), most recently active first, one line each: the short id
// that `ask --conversation` and `--resume` take, when, a marker for a background run or a
// worktree, the mode its turns ran in, turns, cost and the title. `--search` matches titles
// and the person's prompts. Reading never creates the app DB.
import { existsSync } from 'node:fs';
import { appDatabasePath, openAppDatabase } from '../../main/core/store/app-database';
import {
  LIST_CONVERSATIONS_DEFAULT,
  LIST_CONVERSATIONS_MAX,
  listConversations,
  type ConversationSummary,
} from '../../main/core/store/conversation-listing';
import type { ReadableDb } from '../../main/core/store/database-handles';
import { shortestUniquePrefix } from '../../main/core/store/id-prefix';
import { projectIdFor } from '../../main/core/store/project-id';
import { ExitCode, UsageError, writeJsonLine } from '../cli-io';
import { conversationLine } from '../conversation-line';
import { defineVerb, JSON_OPTION, PROJECT_OPTION } from '../define-verb';
import { oneLine } from '../one-line-text';
import { openProject, sluiceHomeFor } from '../project-context';

export const EMPTY_PROJECT = 'No conversations in this project yet. Start one with: sluice';

function limitOf(text: string | undefined): number {
  if (text === undefined) return LIST_CONVERSATIONS_DEFAULT;
  const n = /^\d{1,9}$/u.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > LIST_CONVERSATIONS_MAX)
    throw new UsageError(
      `--limit must be a whole number from 1 to ${LIST_CONVERSATIONS_MAX}, not "${oneLine(text)}".`,
    );
  return n;
}

/** The lines of a listing; ids lengthened past 8 characters keep the columns aligned. */
function lines(db: ReadableDb, list: readonly ConversationSummary[], now: number): string[] {
  const ids = list.map((c) => shortestUniquePrefix(db, { table: 'conversations' }, c.id));
  const idWidth = Math.max(0, ...ids.map((id) => id.length));
  return list.map((c, i) => conversationLine(c, (ids[i] ?? c.id).padEnd(idWidth), now));
}

export default defineVerb({
  name: 'conversations',
  options: {
    project: PROJECT_OPTION,
    search: {
      type: 'string',
      value: 'TEXT',
      help: 'only those whose title or one of your prompts contains TEXT (any case)',
      defaultText: 'all',
    },
    limit: {
      type: 'string',
      value: 'N',
      help: `the most conversations to print (1-${LIST_CONVERSATIONS_MAX})`,
      defaultText: String(LIST_CONVERSATIONS_DEFAULT),
    },
    json: { ...JSON_OPTION, help: 'print one JSON line per conversation' },
  },
  async run({ values, io }) {
    const limit = limitOf(values.limit);
    const search = values.search?.trim() ?? '';
    const { workspace } = await openProject(io, values.project);
    const home = sluiceHomeFor(io);
    if (!existsSync(appDatabasePath(home))) {
      if (!values.json) io.stdout.write(`${EMPTY_PROJECT}\n`);
      return ExitCode.Ok;
    }
    const db = openAppDatabase({ home });
    try {
      const list = listConversations(db, projectIdFor(workspace.root), { search, limit });
      if (values.json) {
        for (const c of list) writeJsonLine(io, c);
        return ExitCode.Ok;
      }
      if (list.length === 0) {
        io.stdout.write(
          search
            ? `No conversation in this project matches "${oneLine(search)}".\n`
            : `${EMPTY_PROJECT}\n`,
        );
        return ExitCode.Ok;
      }
      for (const text of lines(db, list, Date.now())) io.stdout.write(`${text}\n`);
      return ExitCode.Ok;
    } finally {
      db.close();
    }
  },
});
