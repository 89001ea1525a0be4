// Which conversation a session goes on with: `-c` the project's last, `--resume ID` the one
// whose id starts so (as git takes a short hash), bare `--resume` one picked from a list on
// the terminal before the screen opens.
import { createInterface } from 'node:readline/promises';
import {
  lastConversation,
  listConversations,
  type ConversationSummary,
} from '../../main/core/store/conversation-listing';
import { createConversationRepository } from '../../main/core/store/conversation-repository';
import type { WritableDb } from '../../main/core/store/database-handles';
import { idsStartingWith } from '../../main/core/store/id-prefix';
import { UsageError, type CliIo } from '../cli-io';
import { conversationLine } from '../conversation-line';
import { outsideLine } from '../terminal-safe-text';
import { typedId } from '../typed-id';
import type { SessionRequest } from './session-verb';

/** How many conversations the picker lists. */
const PICKED_FROM = 20;

export async function pickConversation(args: {
  request: SessionRequest;
  db: WritableDb;
  projectId: string;
  io: CliIo;
}): Promise<string | null | 'cancelled'> {
  const { request, db, projectId, io } = args;
  if (request.continueLast) {
    // The last one in this project itself: a worktree's conversation goes on in that worktree.
    const last = lastConversation(db, projectId);
    const here =
      last?.projectId === projectId
        ? last
        : listConversations(db, projectId, { limit: 50 }).find(
            (c) => c.projectId === projectId && c.kind === 'chat',
          );
    if (!here) throw new UsageError('-c: this project has no conversation yet to go on with.');
    return here.id;
  }
  if (request.resume === null) return null;
  if (request.resume === '') return pickFromList(db, projectId, io);
  return conversationOf(db, projectId, request.resume);
}

/** The conversation an id (or its start) names in this project; a clear error otherwise. */
export function conversationOf(db: WritableDb, projectId: string, typed: string): string {
  const id = typedId(typed, idsStartingWith(db, { table: 'conversations' }, typed), 'conversation');
  const record = createConversationRepository(db).get(id);
  if (!record)
    throw new UsageError(
      `there is no conversation "${outsideLine(typed)}"; sluice conversations lists them.`,
    );
  if (record.projectId !== projectId)
    throw new UsageError(
      `conversation ${id.slice(0, 8)} belongs to another project or worktree: run sluice --resume there (sluice conversations shows where).`,
    );
  return id;
}

/** A line of the picker: the number to type, then the line `sluice conversations` prints. */
export function pickerLine(c: ConversationSummary, index: number, now: number): string {
  return conversationLine(c, `${String(index + 1).padStart(3)}.`, now);
}

async function pickFromList(
  db: WritableDb,
  projectId: string,
  io: CliIo,
): Promise<string | 'cancelled'> {
  const list = listConversations(db, projectId, { limit: PICKED_FROM }).filter(
    (c) => c.projectId === projectId,
  );
  if (!list.length)
    throw new UsageError('--resume: this project has no conversation yet. Start one with: sluice');
  const now = Date.now();
  io.stderr.write(
    `Conversations in this project, newest first:\n${list.map((c, i) => pickerLine(c, i, now)).join('\n')}\n`,
  );
  const lines = createInterface({ input: io.stdin, terminal: false });
  const closed = new Promise<null>((resolve) => lines.once('close', () => resolve(null)));
  try {
    for (;;) {
      io.stderr.write('Which one? (a number, Enter for 1, q to leave) ');
      const typed = await Promise.race([lines.question(''), closed]);
      if (typed === null) return 'cancelled';
      const answer = typed.trim();
      if (answer === 'q') return 'cancelled';
      const n = answer === '' ? 1 : Number(answer);
      const picked = Number.isInteger(n) ? list[n - 1] : undefined;
      if (picked) return picked.id;
      io.stderr.write(`Please type a number from 1 to ${list.length}, or q.\n`);
    }
  } finally {
    lines.close();
  }
}
