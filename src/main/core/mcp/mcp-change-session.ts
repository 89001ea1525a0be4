// Where `sluice mcp` puts edits (issue 14 item 4): never on disk. The server keeps one change
// set open at a time; edit_file/create_file write into its overlay (as a propose run does,
// same matching and refusals), each changed file is saved to the set at once and the set is
// `proposed`, so it is in the inbox and `sluice proposal` can review it while the client
// keeps working. Reads see the set's changes. Once the person reviewed the set (accepted,
// rejected, …) the next edit starts a new one.
import { randomUUID } from 'node:crypto';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { lazyDiskIndex, type LazyDiskIndex } from '../proposals/lazy-disk-index';
import { overlaySymbolIndex } from '../proposals/overlay-symbol-index';
import { OverlayWorkspace } from '../proposals/overlay-workspace';
import { createProposeTools } from '../proposals/propose-tools';
import { diffOfOverlayFile, ProposalOverlay } from '../proposals/proposal-overlay';
import { createChangeSetRepository } from '../store/change-set-repository';
import type { WritableDb } from '../store/database-handles';
import { createPolicyRepository } from '../store/policy-repository';
import { projectIdFor } from '../store/project-id';
import type { ToolDefinition } from '../tools/tool';
import type { Workspace } from '../workspace/workspace';

export interface McpChangeSessionDeps {
  readonly db: WritableDb;
  readonly workspace: Workspace;
  /** The MCP client's name, recorded as the set's prompt. */
  readonly clientName: () => string;
  readonly now?: () => number;
}

interface State {
  id: string | null;
  readonly overlay: ProposalOverlay;
  readonly workspace: OverlayWorkspace;
  readonly symbolIndex: SymbolIndexPort;
  readonly tools: Map<string, ToolDefinition>;
}

/** A long limit: the set is `proposed` from its first file on; this only bounds `running`. */
const SESSION_TIMEOUT_MS = 24 * 60 * 60_000;

export class McpChangeSession {
  private state: State;
  private readonly disk: LazyDiskIndex;
  private readonly projectId: string;
  private readonly now: () => number;

  constructor(
    private readonly deps: McpChangeSessionDeps,
    private readonly extraTools: readonly ToolDefinition[] = [],
  ) {
    this.now = deps.now ?? Date.now;
    this.projectId = projectIdFor(deps.workspace.root);
    this.disk = lazyDiskIndex(deps.workspace);
    this.state = this.fresh();
  }

  private last: string | null = null;

  /** The open set's id, else the last one (already reviewed), or null before the first edit. */
  get changeSetId(): string | null {
    return this.state.id ?? this.last;
  }

  private fresh(): State {
    const overlay = new ProposalOverlay(this.now);
    const policies = createPolicyRepository(this.deps.db);
    const tools = [
      ...createProposeTools({
        overlay,
        policy: () => policies.get(this.projectId),
        review: 'at-once',
      }),
      ...this.extraTools,
    ];
    const state: State = {
      id: null,
      overlay,
      workspace: OverlayWorkspace.over(this.deps.workspace, overlay),
      symbolIndex: overlaySymbolIndex(this.disk.port, overlay),
      tools: new Map(tools.map((t) => [t.name, t])),
    };
    const changeSets = createChangeSetRepository(this.deps.db, this.now);
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
      }
      changeSets.saveFile(state.id, diffOfOverlayFile(file));
      changeSets.setStatus(state.id, 'proposed', null);
    });
    return state;
  }

  /** The current state; a set the person already reviewed is closed and a new one begins. */
  current(): State {
    const id = this.state.id;
    if (id) {
      const set = createChangeSetRepository(this.deps.db, this.now).get(id);
      if (!set || set.status !== 'proposed') this.state = this.fresh();
    }
    return this.state;
  }

  async close(): Promise<void> {
    await this.disk.close();
  }
}
