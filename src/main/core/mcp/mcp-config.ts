// MCP server entries (issue 14 item 1): the person's own (app DB) and those a project
// suggests in `.sluice/mcp.json`. A project entry is identified by the hash of everything
// that decides what runs (command, args, env, URL, headers): a changed entry is a new one and
// needs the person's approval again. Names become part of tool names (`mcp__<server>__<tool>`).
import { createHash } from 'node:crypto';
import { z } from 'zod';

export const MCP_SERVER_NAME = /^[A-Za-z0-9_-]{1,24}$/u;

const stdioShape = z
  .object({
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).default({}),
  })
  .strict();

const httpShape = z
  .object({
    url: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//u.test(u), 'only http(s) URLs'),
    headers: z.record(z.string(), z.string()).default({}),
  })
  .strict();

export const mcpServerConfigSchema = z.union([
  stdioShape.extend({ name: z.string().regex(MCP_SERVER_NAME), transport: z.literal('stdio') }),
  httpShape.extend({ name: z.string().regex(MCP_SERVER_NAME), transport: z.literal('http') }),
]);
export type McpServerConfig = z.infer<typeof mcpServerConfigSchema>;

export type McpServerOrigin = 'person' | 'project';

/** sha256 over the canonical form of what the entry runs or reaches. */
export function mcpEntryHash(config: McpServerConfig): string {
  const canonical =
    config.transport === 'stdio'
      ? {
          transport: 'stdio',
          command: config.command,
          args: config.args,
          env: Object.entries(config.env).sort(([a], [b]) => (a < b ? -1 : 1)),
        }
      : {
          transport: 'http',
          url: config.url,
          headers: Object.entries(config.headers).sort(([a], [b]) => (a < b ? -1 : 1)),
        };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

export interface ProjectMcpFile {
  readonly servers: McpServerConfig[];
  /** Entries that could not be read, each with its reason (shown, never started). */
  readonly notices: string[];
}

/**
 * Reads `.sluice/mcp.json`: `{"servers": {"name": {"command", "args", "env"} | {"url",
 * "headers"}}}` (`mcpServers` is accepted as well, as other MCP clients write it).
 */
export function parseProjectMcpFile(text: string): ProjectMcpFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      servers: [],
      notices: [`.sluice/mcp.json is not valid JSON: ${(error as Error).message}`],
    };
  }
  const root = (raw ?? {}) as Record<string, unknown>;
  const entries = (root.servers ?? root.mcpServers) as unknown;
  if (!entries || typeof entries !== 'object' || Array.isArray(entries))
    return { servers: [], notices: ['.sluice/mcp.json has no "servers" object.'] };
  const servers: McpServerConfig[] = [];
  const notices: string[] = [];
  for (const [name, value] of Object.entries(entries as Record<string, unknown>)) {
    const transport =
      value && typeof value === 'object' && 'url' in value ? ('http' as const) : ('stdio' as const);
    const parsed = mcpServerConfigSchema.safeParse({
      ...(value as object),
      name,
      transport,
    });
    if (parsed.success) servers.push(parsed.data);
    else
      notices.push(
        `.sluice/mcp.json server "${name}" was skipped: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`).join('; ')}`,
      );
  }
  return { servers, notices };
}

/** One line for the approval and the settings list. */
export function describeEntry(config: McpServerConfig): string {
  if (config.transport === 'http') return `${config.url}`;
  const env = Object.keys(config.env);
  return `${[config.command, ...config.args].join(' ')}${env.length ? ` (env: ${env.join(', ')})` : ''}`;
}
