// What a server says its tools are, checked before the model sees any of it: names must
// fit the Messages API (`mcp__<server>__<tool>`, at most 64 characters of
// [A-Za-z0-9_-]), the inputSchema must be a JSON object schema of bounded size; anything
// else is skipped with a notice. Each definition has a hash over name, description, schema
// and annotations: the pin an approval is bound to.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../shared/canonical-json';

export const MAX_SCHEMA_CHARS = 64 * 1024;
export const MAX_DESCRIPTION_CHARS = 8 * 1024;
/** Nesting a schema may have; real ones stay far below, a bomb goes far above. */
export const MAX_SCHEMA_DEPTH = 32;

function depthOf(value: unknown, limit: number): number {
  if (!value || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value as object)) {
    if (deepest >= limit) break;
    deepest = Math.max(deepest, depthOf(child, limit - 1));
  }
  return deepest + 1;
}
const API_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/u;

export interface McpToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/** A tool as the server listed it, after validation. */
export interface McpToolDefinition {
  readonly server: string;
  /** The server's own name for the tool. */
  readonly name: string;
  /** `mcp__<server>__<tool>`: the name the model calls. */
  readonly apiName: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly annotations: McpToolAnnotations;
  readonly hash: string;
}

export function mcpApiName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

export function definitionHash(def: {
  name: string;
  description: string;
  inputSchema: unknown;
  annotations: unknown;
}): string {
  return createHash('sha256')
    .update(
      canonicalJson({
        name: def.name,
        description: def.description,
        inputSchema: def.inputSchema,
        annotations: def.annotations ?? {},
      }),
    )
    .digest('hex');
}

function annotationsOf(raw: unknown): McpToolAnnotations {
  if (!raw || typeof raw !== 'object') return {};
  const a = raw as Record<string, unknown>;
  const flag = (key: string): Record<string, boolean> =>
    typeof a[key] === 'boolean' ? { [key]: a[key] } : {};
  return {
    ...(typeof a.title === 'string' ? { title: a.title } : {}),
    ...flag('readOnlyHint'),
    ...flag('destructiveHint'),
    ...flag('idempotentHint'),
    ...flag('openWorldHint'),
  };
}

export type ValidatedTool = { ok: true; tool: McpToolDefinition } | { ok: false; notice: string };

/** Checks one entry of a tools/list answer. Never throws. */
export function validateMcpTool(server: string, raw: unknown): ValidatedTool {
  const entry = (raw ?? {}) as Record<string, unknown>;
  const name = typeof entry.name === 'string' ? entry.name : '';
  const skip = (why: string): ValidatedTool => ({
    ok: false,
    notice: `MCP server "${server}": tool "${name || '(no name)'}" was skipped: ${why}.`,
  });
  if (!name) return skip('it has no name');
  const apiName = mcpApiName(server, name);
  if (!API_TOOL_NAME.test(apiName))
    return skip(
      `"${apiName}" is not a valid tool name for the model (at most 64 characters of letters, digits, _ and -)`,
    );
  const description = typeof entry.description === 'string' ? entry.description : '';
  if (description.length > MAX_DESCRIPTION_CHARS)
    return skip(`its description is longer than ${MAX_DESCRIPTION_CHARS} characters`);
  const schema = entry.inputSchema;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema))
    return skip('its inputSchema is not a JSON object');
  const s = schema as Record<string, unknown>;
  if (s.type !== 'object') return skip('its inputSchema is not of type "object"');
  if (
    s.properties !== undefined &&
    (typeof s.properties !== 'object' || s.properties === null || Array.isArray(s.properties))
  )
    return skip('its inputSchema "properties" is not an object');
  if (
    s.required !== undefined &&
    !(Array.isArray(s.required) && s.required.every((r) => typeof r === 'string'))
  )
    return skip('its inputSchema "required" is not a list of names');
  if (depthOf(schema, MAX_SCHEMA_DEPTH + 1) > MAX_SCHEMA_DEPTH)
    return skip(`its inputSchema is nested deeper than ${MAX_SCHEMA_DEPTH} levels`);
  let text: string;
  try {
    text = canonicalJson(schema);
  } catch {
    return skip('its inputSchema cannot be serialized');
  }
  if (text.length > MAX_SCHEMA_CHARS)
    return skip(`its inputSchema is larger than ${MAX_SCHEMA_CHARS} characters`);
  const inputSchema = JSON.parse(text) as Record<string, unknown>;
  delete inputSchema.$schema;
  const annotations = annotationsOf(entry.annotations);
  return {
    ok: true,
    tool: {
      server,
      name,
      apiName,
      description,
      inputSchema,
      annotations,
      hash: definitionHash({ name, description, inputSchema, annotations }),
    },
  };
}

/** What changed between a pinned definition and the current one, for the person. */
export function describeDefinitionChange(
  pinned: Pick<McpToolDefinition, 'description' | 'inputSchema' | 'annotations'>,
  current: Pick<McpToolDefinition, 'description' | 'inputSchema' | 'annotations'>,
): string[] {
  const changes: string[] = [];
  if (pinned.description !== current.description)
    changes.push(`description was:\n${pinned.description}\nis now:\n${current.description}`);
  if (canonicalJson(pinned.inputSchema) !== canonicalJson(current.inputSchema))
    changes.push(
      `input schema was:\n${canonicalJson(pinned.inputSchema)}\nis now:\n${canonicalJson(current.inputSchema)}`,
    );
  if (canonicalJson(pinned.annotations) !== canonicalJson(current.annotations))
    changes.push(
      `annotations were ${canonicalJson(pinned.annotations)}, are now ${canonicalJson(current.annotations)}`,
    );
  return changes;
}

/** Tools of one server offered to the model; more are skipped with a notice. */
export const MAX_TOOLS_PER_SERVER = 200;
/** Characters of all of one server's definitions sent with every request; more are skipped. */
export const MAX_SERVER_DEFINITION_CHARS = 256 * 1024;

/** Skipped tools named one by one; past this, one line per server sums them up. */
export const MAX_SKIP_NOTICES = 3;

/**
 * A whole tools/list answer: each entry validated, a second tool of the same name skipped,
 * and at most MAX_TOOLS_PER_SERVER tools and MAX_SERVER_DEFINITION_CHARS of definitions
 * kept (they travel with every request). What is skipped is said: tool by tool when there
 * are few, else in one line for the server (a server listing 10,000 tools gets one line, not
 * 9,800).
 */
export function validateToolList(
  server: string,
  raw: readonly unknown[],
): { tools: McpToolDefinition[]; notices: string[] } {
  const tools: McpToolDefinition[] = [];
  const skipped: { notice: string; name: string; why: string }[] = [];
  const names = new Set<string>();
  let chars = 0;
  const capWhy = `a server may offer at most ${MAX_TOOLS_PER_SERVER} tools and ${MAX_SERVER_DEFINITION_CHARS} characters of definitions (they are sent with every request)`;
  for (const entry of raw) {
    const checked = validateMcpTool(server, entry);
    if (!checked.ok) {
      const name = String((entry as { name?: unknown } | null)?.name ?? '');
      skipped.push({ notice: checked.notice, name, why: 'invalid' });
      continue;
    }
    const def = checked.tool;
    const size =
      def.apiName.length + def.description.length + canonicalJson(def.inputSchema).length;
    if (names.has(def.name))
      skipped.push({
        notice: `MCP server "${server}": a second tool named "${def.name}" was skipped.`,
        name: def.name,
        why: 'duplicate',
      });
    else if (tools.length >= MAX_TOOLS_PER_SERVER || chars + size > MAX_SERVER_DEFINITION_CHARS)
      skipped.push({
        notice: `MCP server "${server}": tool "${def.name}" was skipped: ${capWhy}.`,
        name: def.name,
        why: 'cap',
      });
    else {
      names.add(def.name);
      chars += size;
      tools.push(def);
    }
  }
  if (skipped.length <= MAX_SKIP_NOTICES) return { tools, notices: skipped.map((s) => s.notice) };
  const count = (why: string) => skipped.filter((s) => s.why === why).length;
  const reasons = [
    count('cap') ? `${count('cap')} past the limit (${capWhy})` : '',
    count('invalid')
      ? `${count('invalid')} invalid (the first: ${skipped.find((s) => s.why === 'invalid')?.notice.replace(/^MCP server "[^"]*": /u, '')})`
      : '',
    count('duplicate') ? `${count('duplicate')} with a name listed before` : '',
  ].filter(Boolean);
  const first = skipped
    .slice(0, MAX_SKIP_NOTICES)
    .map((s) => `"${s.name.slice(0, 64)}"`)
    .join(', ');
  return {
    tools,
    notices: [
      `MCP server "${server}" listed ${raw.length} tools; ${tools.length} are offered and ${skipped.length} were skipped: ${reasons.join('; ')}. Skipped: ${first} and ${skipped.length - MAX_SKIP_NOTICES} more.`,
    ],
  };
}
