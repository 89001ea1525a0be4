// Conversations a person can find again: a project's conversations, newest first, each with
// what a listing shows beside its title (when, how many turns, the mode they ran in, what
// they cost, whether a background run or a worktree made it), searchable by title and by the
// person's own prompts. A project's list includes the conversations of its Sluice worktrees
// (migration 0180's conversation_worktrees), which carry the worktree's own project id.
import {
  LIST_CONVERSATIONS_MAX,
  turnModeSchema,
  type TurnMode,
} from '../../../shared/contract/agent-service';
import type { ReadableDb } from './database-handles';

export const LIST_CONVERSATIONS_DEFAULT = 50;
export { LIST_CONVERSATIONS_MAX };

export interface ConversationSummary {
  id: string;
  /** The project it runs in: a worktree's own for a conversation in a worktree. */
  projectId: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /** The mode of its latest turn that is known to have one; null for older rows. */
  mode: TurnMode | null;
  turns: number;
  costUsd: number;
  /** Every input token its requests sent, cached or not. */
  inputTokens: number;
  outputTokens: number;
  /** propose: a background run started it; worktree: it works in a Sluice worktree. */
  kind: 'chat' | 'propose' | 'worktree';
  /** The worktree's name, when it works in one (a propose run over a worktree too). */
  worktree?: string;
}

export interface ListConversationsOptions {
  /** Matches the title or any of the person's prompts, case-insensitively, as plain text. */
  readonly search?: string | undefined;
  /** At most this many, newest first: default 50, bounded to 1..1000. */
  readonly limit?: number | undefined;
}

interface ListedRow {
  id: string;
  project_id: string;
  title: string;
  created_at: number;
  updated_at: number;
  worktree: string | null;
  turns: number;
  cost: number;
  input_tokens: number;
  output_tokens: number;
  mode: string | null;
  from_propose: number;
}

/** A conversation's figures, for the rows the outer query picked. */
const FIGURES = `
  (SELECT COUNT(*) FROM conversation_turns t WHERE t.conversation_id = c.id) AS turns,
  (SELECT COALESCE(SUM(cost_usd), 0) FROM conversation_usage u WHERE u.conversation_id = c.id) AS cost,
  (SELECT COALESCE(SUM(input_tokens + cache_read_tokens + cache_write_tokens), 0)
     FROM conversation_usage u WHERE u.conversation_id = c.id) AS input_tokens,
  (SELECT COALESCE(SUM(output_tokens), 0) FROM conversation_usage u WHERE u.conversation_id = c.id) AS output_tokens,
  (SELECT COALESCE(t.mode, 'propose') FROM conversation_turns t
     WHERE t.conversation_id = c.id AND (t.mode IS NOT NULL
       OR EXISTS (SELECT 1 FROM change_sets s WHERE s.conversation_id = c.id AND s.turn_id = t.id))
     ORDER BY t.seq DESC LIMIT 1) AS mode,
  EXISTS (SELECT 1 FROM change_sets s
     WHERE s.conversation_id = c.id
       AND s.turn_id = (SELECT t.id FROM conversation_turns t WHERE t.conversation_id = c.id ORDER BY t.seq LIMIT 1)
  ) AS from_propose`;

/** The project's own conversations and its worktrees'; `extra` narrows them further. */
function pickedQuery(extra: string): string {
  return `
    WITH picked AS (
      SELECT c.id, c.project_id, c.title, c.created_at, c.updated_at, w.name AS worktree
      FROM conversations c LEFT JOIN conversation_worktrees w ON w.conversation_id = c.id
      WHERE (c.project_id = @project OR w.project_id = @project)${extra}
      ORDER BY c.updated_at DESC, c.id LIMIT @limit
    )
    SELECT c.*, ${FIGURES}
    FROM picked c ORDER BY c.updated_at DESC, c.id`;
}

/**
 * A plain-text match in any case, for every script: SQLite's LIKE and lower() fold only ASCII,
 * so the text is folded by JavaScript's toLowerCase, registered once per connection.
 */
const FOLD = 'sluice_fold';
const folding = new WeakSet<ReadableDb>();

function foldOn(db: ReadableDb): void {
  if (folding.has(db)) return;
  db.function(FOLD, { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  folding.add(db);
}

const SEARCH = `
  AND (instr(${FOLD}(c.title), @words) > 0
    OR EXISTS (SELECT 1 FROM conversation_turns t
      WHERE t.conversation_id = c.id AND instr(${FOLD}(t.user_text), @words) > 0))`;

function boundedLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return LIST_CONVERSATIONS_DEFAULT;
  return Math.min(LIST_CONVERSATIONS_MAX, Math.max(1, Math.trunc(limit)));
}

function summaryOf(row: ListedRow): ConversationSummary {
  // A mode this version does not know (written by a newer Sluice) is shown as unknown.
  const mode = turnModeSchema.safeParse(row.mode);
  return {
    id: row.id,
    projectId: row.project_id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    mode: mode.success ? mode.data : null,
    turns: row.turns,
    costUsd: row.cost,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    kind: row.from_propose ? 'propose' : row.worktree !== null ? 'worktree' : 'chat',
    ...(row.worktree !== null ? { worktree: row.worktree } : {}),
  };
}

/**
 * The project's conversations (and its worktrees'), most recently active first. A search
 * that is blank lists them all.
 */
export function listConversations(
  db: ReadableDb,
  projectId: string,
  options: ListConversationsOptions = {},
): ConversationSummary[] {
  const search = options.search?.trim() ?? '';
  const params: Record<string, string | number> = {
    project: projectId,
    limit: boundedLimit(options.limit),
  };
  if (search) {
    foldOn(db);
    params.words = search.toLowerCase();
  }
  const rows = db.prepare(pickedQuery(search ? SEARCH : '')).all(params) as ListedRow[];
  return rows.map(summaryOf);
}

/**
 * What `sluice -c` continues: the project's most recently active conversation that a person
 * had, in the project or one of its worktrees; a background run's is left out.
 */
export function lastConversation(db: ReadableDb, projectId: string): ConversationSummary | null {
  const rows = db
    .prepare(
      pickedQuery(`
      AND NOT EXISTS (SELECT 1 FROM change_sets s
        WHERE s.conversation_id = c.id
          AND s.turn_id = (SELECT t.id FROM conversation_turns t
            WHERE t.conversation_id = c.id ORDER BY t.seq LIMIT 1))`),
    )
    .all({ project: projectId, limit: 1 }) as ListedRow[];
  return rows[0] ? summaryOf(rows[0]) : null;
}
