// The servers a project may run: the person's own
// (approved by being theirs, keyed by identity) and the project's `.sluice/mcp.json` entries,
// each with its entry hash (over the entry and the bytes of the project files it runs), whether
// the person approved exactly that hash, and what they are shown for it (env values, pinned
// files, the variables it reads). Starts nothing.
import type { McpRepository } from './mcp-repository';
import {
  describeEntry,
  mcpEntryHash,
  parseProjectMcpFile,
  personServerKey,
  type McpServerConfig,
  type McpServerOrigin,
} from './mcp-config';
import { projectFilePins } from './mcp-entry-pins';
import { variablesOf } from './mcp-variables';

export interface McpEntryDeps {
  readonly repo: McpRepository;
  readonly projectId: string;
  readonly projectRoot: string;
  readonly readProjectFile: () => Promise<string | null>;
}

export interface McpEntry {
  readonly config: McpServerConfig;
  readonly origin: McpServerOrigin;
  readonly key: string;
  readonly approved: boolean;
  /** What an approval is of: the entry and the content of the project files it runs. */
  readonly hash: string;
  /** What the person is shown for it (env values and pinned files for a project entry). */
  readonly shown: string;
}

/**
 * Where a server's preferences (always-allow, deny, pins) live. A project server's key holds
 * its entry hash: what the person allowed for one approved entry (command, env, the bytes of
 * the files it runs) does not carry over to a changed entry they approve later. The person's
 * own servers are keyed by identity (mcp-config.ts `personServerKey`).
 */
export function projectServerKey(projectId: string, name: string, entryHash: string): string {
  return `project:${projectId}:${name}:${entryHash.slice(0, 16)}`;
}

export async function listMcpEntries(
  deps: McpEntryDeps,
): Promise<{ entries: McpEntry[]; notices: string[] }> {
  const own = deps.repo.listServers();
  const taken = new Set(own.map((s) => s.name));
  const text = await deps.readProjectFile();
  const project = text === null ? { servers: [], notices: [] } : parseProjectMcpFile(text);
  const notices = [...project.notices];
  const entries: McpEntry[] = own.map((config) => ({
    config,
    origin: 'person' as const,
    key: personServerKey(config),
    approved: true,
    hash: mcpEntryHash(config),
    shown: describeEntry(config),
  }));
  for (const config of project.servers) {
    if (taken.has(config.name)) {
      notices.push(
        `.sluice/mcp.json server "${config.name}" was skipped: you have a server of that name.`,
      );
      continue;
    }
    const approvedHash = deps.repo.approvedEntryHash(deps.projectId, config.name);
    let files: Awaited<ReturnType<typeof projectFilePins>>;
    try {
      files = await projectFilePins(config, deps.projectRoot);
    } catch (error) {
      notices.push(
        `.sluice/mcp.json server "${config.name}" was skipped: ${error instanceof Error ? error.message : String(error)}.`,
      );
      continue;
    }
    const hash = mcpEntryHash(config, files);
    const approved = approvedHash === hash;
    const runs = files.length
      ? `; it runs the project file${files.length > 1 ? 's' : ''} ${files.map((f) => f.path).join(', ')}, approved by content`
      : '';
    const variables = variablesOf(config);
    const reads = variables.length
      ? `; it reads your environment variable${variables.length > 1 ? 's' : ''} ${variables.join(', ')} (filled in when it starts, only after you approve it)`
      : '';
    const shown = `${describeEntry(config, { values: true })}${runs}${reads}`;
    if (!approved)
      notices.push(
        approvedHash
          ? `.sluice/mcp.json server "${config.name}" changed since you approved it (its command, arguments, environment or the content of a project file it runs: ${shown}); it does not start until you approve it again.`
          : `.sluice/mcp.json suggests server "${config.name}" (${shown}); it does not start until you approve it.`,
      );
    entries.push({
      config,
      origin: 'project',
      key: projectServerKey(deps.projectId, config.name, hash),
      approved,
      hash,
      shown,
    });
  }
  return { entries, notices };
}
