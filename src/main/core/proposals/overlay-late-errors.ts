// The importers' errors of an overlay edit (a propose run's, `sluice mcp`'s), given after its
// result. The edit is answered as a live one is: the whole check when it comes at once, else
// the changed files' errors while the files that import them are still being checked. What
// that check finds later reaches the model before its next edit is checked: the next tool
// result it gets, whatever the tool, carries the errors that arrived since, and a write that
// comes first waits for them (until the check's deadline, then says they are not known).
// A newer edit of the same file cancels the older check: its late result describes text
// that is gone and is never given. One check is followed at a time, since every write settles
// the one before it.
import type { Diagnostic, ProposalEvidence } from '../../../shared/diagnostics';
import { diagnosticIdentity } from '../diagnostics/diagnostic-comparison';
import { importersNotInWords, lateImportersLine } from '../evidence/error-words';
import { untilOr } from '../tools/until-or';
import { defineTool, type ToolDefinition } from '../tools/tool';

/** What an edit's check reports, from its start to its complete evidence. */
export interface LateCheck {
  /** Each late evidence of the check (errors, tests, hooks); the complete errors count. */
  arrived(evidence: ProposalEvidence): void;
  /** The evidence the edit's result says: the changed files' part keeps the check followed. */
  answered(evidence: ProposalEvidence): void;
}

interface Followed {
  readonly path: string;
  readonly deadlineMs: number;
  /** Until when (ms since the epoch) the complete evidence is waited for. */
  readonly completeBy: number;
  first: ProposalEvidence | null;
  complete: ProposalEvidence | null;
  readonly settled: Promise<void>;
  readonly settle: () => void;
}

/** The errors of `complete` that `first` did not list (as multisets: a second copy is new). */
function arrivedSince(first: ProposalEvidence, complete: ProposalEvidence): Diagnostic[] {
  const said = new Map<string, number>();
  for (const d of first.introduced) {
    const key = diagnosticIdentity(d);
    said.set(key, (said.get(key) ?? 0) + 1);
  }
  return complete.introduced.filter((d) => {
    const key = diagnosticIdentity(d);
    const left = said.get(key) ?? 0;
    if (left > 0) said.set(key, left - 1);
    return left === 0;
  });
}

export class OverlayLateErrors {
  private followed: Followed | null = null;
  private notes: string[] = [];

  constructor(
    /** The change set the overlay is saved into, named where errors past the list are. */
    private readonly changeSetId: () => string | null = () => null,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Before an edit of `path` is checked: an older check of the same file is dropped; another
   * file's is waited for until its deadline (or an abort), and what it found is noted.
   */
  async before(path: string, signal: AbortSignal): Promise<void> {
    const followed = this.followed;
    if (!followed) return;
    if (followed.path === path) {
      this.drop(followed);
      return;
    }
    await untilOr(followed.settled, followed.completeBy - this.now(), signal);
    this.expire();
  }

  /** Follows the check of an edit of `path` starting now, with its deadline. */
  begin(path: string, deadlineMs: number): LateCheck {
    let settle = (): void => undefined;
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const check: Followed = {
      path,
      deadlineMs,
      completeBy: this.now() + deadlineMs,
      first: null,
      complete: null,
      settled,
      settle,
    };
    // Writes come one at a time; a concurrent one (an MCP client's) replaces the older.
    if (this.followed) this.drop(this.followed);
    this.followed = check;
    return {
      arrived: (evidence) => {
        if (evidence.state === 'checking' || this.followed !== check || check.complete) return;
        check.complete = evidence;
        if (check.first) this.note(check);
      },
      answered: (evidence) => {
        if (this.followed !== check) return;
        // The result said the whole check: nothing is left to give.
        if (evidence.state !== 'checking') {
          this.drop(check);
          return;
        }
        check.first = evidence;
        if (check.complete) this.note(check);
      },
    };
  }

  /** The notes to give with the next result, once; null when there are none. */
  take(): string | null {
    this.expire();
    if (!this.notes.length) return null;
    const notes = this.notes.join('\n\n');
    this.notes = [];
    return notes;
  }

  private note(check: Followed): void {
    const { first, complete } = check;
    if (!first || !complete) return;
    this.notes.push(
      lateImportersLine(check.path, arrivedSince(first, complete), complete, this.changeSetId()),
    );
    this.drop(check);
  }

  /** A check answered in part whose complete evidence did not come by its deadline. */
  private expire(): void {
    const check = this.followed;
    if (!check?.first || check.complete || this.now() < check.completeBy) return;
    this.notes.push(importersNotInWords(check.path, check.deadlineMs));
    this.drop(check);
  }

  private drop(check: Followed): void {
    if (this.followed === check) this.followed = null;
    check.settle();
  }
}

/** The tool with the importers' errors that arrived since the last result put before its own. */
export function carryLateErrors(tool: ToolDefinition, late: OverlayLateErrors): ToolDefinition {
  return defineTool({
    ...tool,
    label: (input) => tool.label(input),
    async run(input, ctx) {
      const result = await tool.run(input, ctx);
      const notes = late.take();
      return notes ? { ...result, content: `${notes}\n\n${result.content}` } : result;
    },
  });
}
