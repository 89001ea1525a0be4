// MCP server entries: the person's own (app DB) and those a project
// suggests in `.sluice/mcp.json`. A project entry is identified by the hash of everything
// that decides what runs (command, args, env, URL, headers): a changed entry is a new one and
// needs the person's approval again. Names become part of tool names (`mcp__<server>__<tool>`).
import { createHash } from 'node:crypto';
import { z } from 'zod';

// No `__` and no trailing `_`: then `mcp__<server>__<tool>` names its server unambiguously
// (server `a__b` tool `c` and server `a` tool `b__c` would both be `mcp__a__b__c`).
export const MCP_SERVER_NAME = /^(?!.*__)[A-Za-z0-9_-]{0,23}[A-Za-z0-9-]$/u;

/**
 * Environment names a project may not set for a server it suggests: they change which
 * program a command resolves to or inject code into the interpreter it starts (a person who
 * needs one adds the server as their own in Settings).
 */
export const PROJECT_REFUSED_ENV =
  /^(?:PATH|LD_\w*|DYLD_\w*|NODE_OPTIONS|NODE_PATH|BASH_ENV|ENV|PYTHONSTARTUP|PYTHONPATH|PYTHONHOME|PERL5OPT|PERL5LIB|RUBYOPT|RUBYLIB|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|GIT_\w*)$/iu;

/** A server's silence limit per call, in seconds (default 120; progress restarts it). */
export const MAX_TIMEOUT_SECONDS = 3600;
const timeoutSeconds = z.number().int().min(1).max(MAX_TIMEOUT_SECONDS).optional();

const stdioShape = z
  .object({
    command: z.string().min(1).max(4096),
    timeoutSeconds,
    args: z.array(z.string().max(4096)).max(256).default([]),
    env: z
      .record(z.string().max(256), z.string().max(4096))
      .refine((env) => Object.keys(env).length <= 256, 'at most 256 variables')
      .default({}),
  })
  .strict();

const httpShape = z
  .object({
    // A `${VAR}` in it is filled in when the server starts (mcp-variables.ts).
    url: z
      .string()
      .max(4096)
      .refine(
        (u) => u.includes('${') || (URL.canParse(u) && /^https?:\/\//u.test(u)),
        'only http(s) URLs',
      ),
    headers: z.record(z.string(), z.string()).default({}),
    timeoutSeconds,
  })
  .strict();

export const mcpServerConfigSchema = z.discriminatedUnion('transport', [
  stdioShape.extend({ name: z.string().regex(MCP_SERVER_NAME), transport: z.literal('stdio') }),
  httpShape.extend({ name: z.string().regex(MCP_SERVER_NAME), transport: z.literal('http') }),
]);
export type McpServerConfig = z.infer<typeof mcpServerConfigSchema>;

export type McpServerOrigin = 'person' | 'project';

/** A project file the entry runs (its command, or an argument naming a file), by content. */
export interface McpEntryFilePin {
  readonly path: string;
  readonly sha256: string;
}

/**
 * sha256 over the canonical form of what the entry runs or reaches, and over the content of
 * the project files it names (mcp-entry-pins.ts), so an approval is of those bytes.
 */
export function mcpEntryHash(
  config: McpServerConfig,
  files: readonly McpEntryFilePin[] = [],
): string {
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
  const pinned = files.length
    ? { ...canonical, files: files.map((f) => [f.path, f.sha256]) }
    : canonical;
  return createHash('sha256').update(JSON.stringify(pinned)).digest('hex');
}

/**
 * What a server *is*, for keying the person's settings: the program and its arguments (stdio)
 * or the URL (http). Env and headers are left out (a rotated token is the same server); the
 * name too, so a different program re-added under an old name is a different server.
 */
export function mcpServerIdentity(config: McpServerConfig): string {
  const identity =
    config.transport === 'stdio' ? ['stdio', config.command, ...config.args] : ['http', config.url];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

/**
 * Where the person's own server keeps its settings (always-allow, deny, pins, trust
 * read-only): its name and identity, so nothing carries over to another program that takes
 * the name, and two servers of one program keep their own settings.
 */
export function personServerKey(config: McpServerConfig): string {
  return `person:${config.name}:${mcpServerIdentity(config).slice(0, 16)}`;
}

/**
 * One entry as `.sluice/mcp.json` or a Claude Code style `.mcp.json` writes it: `command`,
 * `args`, `env` or `url`, `headers`, and optionally `"type"` (`stdio`, `http`, or
 * `streamable-http`, Claude Code's words) and `timeoutSeconds`.
 */
export function parseMcpEntry(
  name: string,
  value: unknown,
): ReturnType<typeof mcpServerConfigSchema.safeParse> {
  const entry = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  const type = (entry as { type?: unknown }).type;
  delete (entry as { type?: unknown }).type;
  const transport =
    type === 'http' || type === 'streamable-http' || (type === undefined && 'url' in entry)
      ? 'http'
      : type === 'stdio' || type === undefined
        ? 'stdio'
        : `unsupported type ${JSON.stringify(type)} (stdio or http)`;
  return mcpServerConfigSchema.safeParse({ ...entry, name, transport });
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
    const parsed = parseMcpEntry(name, value);
    const refused =
      parsed.success && parsed.data.transport === 'stdio'
        ? Object.keys(parsed.data.env).filter((key) => PROJECT_REFUSED_ENV.test(key))
        : [];
    if (parsed.success && refused.length)
      notices.push(
        `.sluice/mcp.json server "${name}" was skipped: a project may not set ${refused.join(', ')} for a server (it changes what runs); add it as your own server in Settings if you trust it.`,
      );
    else if (parsed.success) servers.push(parsed.data);
    else
      notices.push(
        `.sluice/mcp.json server "${name}" was skipped: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`).join('; ')}`,
      );
  }
  return { servers, notices };
}

/** A word as typed: quoted when spaces, quotes or control characters would hide its bounds. */
function word(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text && !/[\s"'\\\u0000-\u001f\u007f-\u009f]/u.test(text) ? text : JSON.stringify(text);
}

/**
 * One line for the approval and the settings list. `values` shows env and header values (a
 * project's entry: the person approves exactly those; their own may hold secrets).
 */
export function describeEntry(config: McpServerConfig, options: { values?: boolean } = {}): string {
  const pairs = (record: Record<string, string>): string[] =>
    Object.entries(record)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => (options.values ? `${word(key)}=${word(value)}` : word(key)));
  const timeout = config.timeoutSeconds ? ` (call timeout ${config.timeoutSeconds} s)` : '';
  if (config.transport === 'http') {
    const headers = pairs(config.headers);
    return `${word(config.url)}${headers.length ? ` (headers: ${headers.join(', ')})` : ''}${timeout}`;
  }
  const env = pairs(config.env);
  return `${[config.command, ...config.args].map(word).join(' ')}${env.length ? ` (env: ${env.join(', ')})` : ''}${timeout}`;
}
