// Where `sluice mcp` puts edits: never on disk. The server keeps one change
// set open at a time; edit_file/create_file write into its overlay (as a propose run does,
// same matching and refusals), each changed file is saved to the set at once and the set is
// `proposed`, so it is in the inbox and `sluice proposal` can review it while the client
// keeps working. Reads see the set's changes. Once the person reviewed the set (accepted,
// rejected, …) the next edit starts a new one. Status moves are compare-and-set:
// an edit that lands while the person is reviewing the set is not added to it and the client
// is told; a set whose base went stale (a conflict on apply, or another set applied to its
// files) is left behind and the session starts a new set from the disk as it is now, saying so.
import { randomUUID } from 'node:crypto';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { openLazySymbolIndex, type LazySymbolIndex } from '../index/lazy-symbol-index';
import { overlaySymbolIndex } from '../proposals/overlay-symbol-index';
import { OverlayWorkspace } from '../proposals/overlay-workspace';
import { createProposeTools } from '../proposals/propose-tools';
import { carryLateErrors, OverlayLateErrors } from '../proposals/overlay-late-errors';
import { diffOfOverlayFile, ProposalOverlay } from '../proposals/proposal-overlay';
import { createChangeSetRepository } from '../store/change-set-repository';
import type { WritableDb } from '../store/database-handles';
import { createPolicyRepository } from '../store/policy-repository';
import { projectIdFor } from '../store/project-id';
import type { ToolDefinition } from '../tools/tool';
import type { Workspace } from '../workspace/workspace';
import type { ProjectDiagnostics } from '../diagnostics/project-diagnostics';
import type { ProjectTests } from '../test-runs/project-tests';
import type { ProposalHooks } from '../hooks/proposal-hooks';

export interface McpChangeSessionDeps {
  readonly db: WritableDb;
  readonly workspace: Workspace;
  /** The MCP client's name, recorded as the set's prompt. */
  readonly clientName: () => string;
  /** Each edit is checked with the whole set; the set stores its latest evidence. */
  readonly diagnostics?: ProjectDiagnostics | undefined;
  /**
   * Each edit runs the tests the set's state affects; the result carries the
   * verdict and the set stores it with its evidence. The caller disposes of its service.
   */
  readonly tests?: ProjectTests | undefined;
  /** Each edit is shown to the person's hooks on write tools, the set's state in their copy. */
  readonly hooks?: ProposalHooks | undefined;
  readonly now?: () => number;
}

interface State {
  id: string | null;
  /** Set when an edit could not be saved because the set was reviewed meanwhile. */
  lostEdit: string | null;
  readonly overlay: ProposalOverlay;
  readonly workspace: OverlayWorkspace;
  readonly symbolIndex: SymbolIndexPort;
  readonly tools: Map<string, ToolDefinition>;
}

function describeStatus(status: string): string {
  switch (status) {
    case 'accepted':
      return 'accepted';
    case 'partly-accepted':
      return 'partly accepted';
    case 'rejected':
      return 'rejected';
    case 'superseded':
      return 'replaced';
    default:
      return `closed (${status})`;
  }
}

/** A long limit: the set is `proposed` from its first file on; this only bounds `running`. */
const SESSION_TIMEOUT_MS = 24 * 60 * 60_000;

export class McpChangeSession {
  private state: State;
  private readonly disk: LazySymbolIndex;
  private readonly projectId: string;
  private readonly now: () => number;

  constructor(
    private readonly deps: McpChangeSessionDeps,
    private readonly extraTools: readonly ToolDefinition[] = [],
  ) {
    this.now = deps.now ?? Date.now;
    this.projectId = projectIdFor(deps.workspace.root);
    this.disk = openLazySymbolIndex(deps.workspace, () => null);
    this.state = this.fresh();
  }

  private last: string | null = null;
  private notice: string | null = null;
  /** An edit's importers' errors wait here for the client's next call, across sets. */
  private readonly late = new OverlayLateErrors(() => this.changeSetId);

  /** The open set's id, else the last one (already reviewed), or null before the first edit. */
  get changeSetId(): string | null {
    return this.state.id ?? this.last;
  }

  private fresh(): State {
    const overlay = new ProposalOverlay(this.now);
    const policies = createPolicyRepository(this.deps.db);
    const changeSets = createChangeSetRepository(this.deps.db, this.now);
    const tools = [
      ...createProposeTools({
        overlay,
        policy: () => policies.get(this.projectId),
        // The set has no end of run: each edit's check (over all its files) is its evidence.
        onEvidence: (evidence) => {
          if (state.id) changeSets.setEvidence(state.id, evidence);
        },
        review: 'at-once',
        changeSetId: () => state.id,
        // One key per set: a newer edit of the set cancels the older edit's test and hook runs.
        ...(this.deps.tests || this.deps.hooks
          ? { tests: { tests: this.deps.tests, hooks: this.deps.hooks, key: randomUUID() } }
          : {}),
        late: this.late,
      }),
      ...this.extraTools.map((tool) => carryLateErrors(tool, this.late)),
    ];
    const state: State = {
      id: null,
      lostEdit: null,
      overlay,
      workspace: OverlayWorkspace.over(this.deps.workspace, overlay),
      symbolIndex: overlaySymbolIndex(this.disk, overlay),
      tools: new Map(tools.map((t) => [t.name, t])),
    };
    overlay.onChange((file) => {
      if (!state.id) {
        state.id = randomUUID();
        this.last = state.id;
        changeSets.create({
          id: state.id,
          projectId: this.projectId,
          projectRoot: this.deps.workspace.root,
          conversationId: null,
          turnId: null,
          prompt: `Edits made through MCP by ${this.deps.clientName()}`,
          model: 'mcp',
          pid: process.pid,
          timeoutMs: SESSION_TIMEOUT_MS,
          refines: null,
          createdAt: this.now(),
        });
        changeSets.saveFile(state.id, diffOfOverlayFile(file));
        changeSets.transition(state.id, ['running'], 'proposed', null);
        return;
      }
      if (changeSets.saveFile(state.id, diffOfOverlayFile(file))) return;
      const now = changeSets.get(state.id);
      state.lostEdit = `This edit of ${file.path} was not kept: ${
        now && now.status !== 'proposed'
          ? `the person ${describeStatus(now.status)} change set ${state.id} while it was being made`
          : `change set ${state.id} was being applied while it was being made`
      }, so it is not in that set and nothing of it was written. The next edit starts a new change set from the disk as it is now: read the file again and redo the edit if it is still wanted.`;
    });
    return state;
  }

  /**
   * The current state; a set the person already reviewed, or whose base went stale, is left
   * behind and a new one begins (takeNotice says why, once).
   */
  current(): State {
    const id = this.state.id;
    if (id) {
      const set = createChangeSetRepository(this.deps.db, this.now).get(id);
      if (!set || set.status !== 'proposed') this.state = this.fresh();
      else if (set.needsRecheck || this.state.lostEdit) {
        this.notice = `Change set ${id} can no longer be applied as it is: ${set.needsRecheck ?? 'it changed while an edit was being made'}. Your later edits go into a new change set started from the disk as it is now; the earlier edits are not in it, so read the files again before editing.`;
        this.state = this.fresh();
      }
    }
    return this.state;
  }

  /** What the session's tools check with (ToolContext.diagnostics). */
  get diagnostics(): ProjectDiagnostics | undefined {
    return this.deps.diagnostics;
  }

  /** What the client must be told about the session moving to a new set, once. */
  takeNotice(): string | null {
    const notice = this.notice;
    this.notice = null;
    return notice;
  }

  /** Closes the session's index; the checks belong to the project engine that made them. */
  async close(): Promise<void> {
    await this.disk.close();
  }
}
