// How a CLI verb opens the project engine: the app DB under SLUICE_HOME, the model client from
// the environment, and what only the terminal brings (its approver, where notices and saved
// rules are said). Every verb that works on a project through tools, checks or MCP opens it
// here; close() disposes the engine and closes a DB it opened.
import type { ApprovalMode } from '../shared/approvals';
import { DEFAULT_MODEL } from '../main/core/agent/model-catalog';
import type { CreateDiagnostics } from '../main/core/diagnostics/project-diagnostics';
import { openProjectEngine, type ProjectEngine } from '../main/core/project/open-project-engine';
import { openAppDatabase } from '../main/core/store/app-database';
import type { WritableDb } from '../main/core/store/database-handles';
import { projectIdFor } from '../main/core/store/project-id';
import type { CreateTests } from '../main/core/test-runs/shell-tests';
import type { ToolContext, ToolDefinition } from '../main/core/tools/tool';
import type { Workspace } from '../main/core/workspace/workspace';
import { terminalAnswerer } from './approval-session';
import { createEnvClient } from './ask-model';
import type { CliIo } from './cli-io';
import { oneLine } from './one-line-text';
import { sluiceHomeFor } from './project-context';
import type { TerminalApprover } from './terminal-approval';
import { showUntrusted } from './terminal-mcp-approval';
import { shortRuleId } from './typed-id';

export interface CliEngineOptions {
  readonly io: CliIo;
  readonly workspace: Workspace;
  /** `--yes`: approve what a person would, never a protected path or an unsandboxed command. */
  readonly yes?: boolean;
  /** `--mode` for this run, in place of the project's stored mode. */
  readonly mode?: ApprovalMode | undefined;
  /** Injected approver (tests); default the terminal's. */
  readonly approver?: TerminalApprover;
  /** Wraps the terminal's approver (the session steps its screen aside for a review). */
  readonly wrapApprover?: (approver: TerminalApprover) => TerminalApprover;
  /** undefined: the real checkers; null: none (tests). */
  readonly createDiagnostics?: CreateDiagnostics | null | undefined;
  /** undefined: the real test runs; null: none. */
  readonly createTests?: CreateTests | null | undefined;
  readonly model?: string | undefined;
  readonly maxTurns?: number | undefined;
  /** SDK retries (tests make them few). */
  readonly maxRetries?: number | undefined;
  readonly tools?: () => readonly ToolDefinition[];
  /** Who is speaking in background notices (`sluice mcp: …`); default none. */
  readonly noticePrefix?: string;
  /** Where notices go (saved rules, MCP, background failures); default stderr. */
  readonly notices?: { write(text: string): unknown };
}

export interface CliEngine {
  readonly engine: ProjectEngine;
  readonly db: WritableDb;
  readonly home: string;
  close(): Promise<void>;
}

export function openCliEngine(options: CliEngineOptions): CliEngine {
  const { io, workspace } = options;
  const home = sluiceHomeFor(io);
  const db = openAppDatabase({ home });
  const projectId = projectIdFor(workspace.root);
  const prefix = options.noticePrefix ?? '';
  const notices = options.notices ?? io.stderr;
  try {
    const engine = openProjectEngine({
      db,
      home,
      workspace,
      env: io.env,
      createClient: () => createEnvClient(io, options.maxRetries),
      model: () => options.model ?? DEFAULT_MODEL,
      maxRounds: () => options.maxTurns,
      ...(options.tools ? { tools: options.tools } : {}),
      createDiagnostics: options.createDiagnostics,
      createTests: options.createTests,
      modeOverride: options.mode,
      approver: terminalAnswerer({
        io,
        db,
        projectId,
        yes: options.yes ?? false,
        ...(options.approver ? { approver: options.approver } : {}),
        ...(options.wrapApprover ? { wrapApprover: options.wrapApprover } : {}),
      }),
      onCommandRuleSaved: (rule) =>
        notices.write(
          `Saved rule ${shortRuleId(rule.id)}: allow commands starting "${oneLine(rule.prefix.join(' '))}" (remove it with "sluice rules remove ${shortRuleId(rule.id)}" or in Settings).\n`,
        ),
      // Notices quote the servers' descriptions and the project's mcp.json: untrusted text
      // that must not move the cursor or repaint the terminal.
      mcpNotice: (text) => notices.write(`MCP: ${showUntrusted(text)}\n`),
      onBackgroundError: (error) =>
        notices.write(
          `${prefix}diagnostics: ${oneLine(error instanceof Error ? error.message : String(error))}\n`,
        ),
    });
    let closing: Promise<void> | null = null;
    const close = async (): Promise<void> => {
      try {
        await engine.dispose();
      } finally {
        db.close();
      }
    };
    // Safe to call twice: the second call waits for the first.
    return { engine, db, home, close: () => (closing ??= close()) };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * What a single tool call gets from the engine (`sluice tool`, `diff --revert`, `worktrees
 * apply`): a write tool the gates, the checks before approval and the index; a read tool the
 * index and the command logs, never the checks.
 */
export function openCliToolContext(
  options: CliEngineOptions & { tool: { kind: 'read' | 'write' } },
): { context: Partial<ToolContext>; close(): Promise<void> } {
  const cli = openCliEngine(
    options.tool.kind === 'write'
      ? options
      : { ...options, createDiagnostics: null, createTests: null },
  );
  const ports = cli.engine.toolPorts();
  return {
    context:
      options.tool.kind === 'write'
        ? ports
        : { commands: ports.commands, symbolIndex: ports.symbolIndex },
    close: () => cli.close(),
  };
}
