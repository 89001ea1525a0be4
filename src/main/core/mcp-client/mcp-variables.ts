// `${VAR}` and `${VAR:-default}` in server entries (as Claude Code's
// `.mcp.json` writes them): in command, args, env values, URL and header values, filled in
// from Sluice's environment when the server starts, never stored expanded. The person's own
// entries are expanded as they are; a project's entry is approved as written (its hash is
// over the text with `${…}`, and the approval card names the variables it reads) and only
// expanded after that. A project entry may not read Sluice's own variables (the API key,
// SLUICE_*), as it may not set the variables that change what runs (mcp-config.ts).
import type { McpServerConfig } from './mcp-config';

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/gu;

/** Variables a project's entry may not read: Sluice's own secrets and settings. */
export const PROJECT_REFUSED_VARIABLES = /^(?:ANTHROPIC_\w*|SLUICE_\w*|CLAUDE_\w*)$/u;

function textsOf(config: McpServerConfig): string[] {
  return config.transport === 'stdio'
    ? [config.command, ...config.args, ...Object.values(config.env)]
    : [config.url, ...Object.values(config.headers)];
}

/** The variables an entry reads, sorted, each once. */
export function variablesOf(config: McpServerConfig): string[] {
  const names = new Set<string>();
  for (const text of textsOf(config))
    for (const match of text.matchAll(REFERENCE)) if (match[1]) names.add(match[1]);
  return [...names].sort();
}

export type Expanded =
  | { readonly ok: true; readonly config: McpServerConfig }
  | { readonly ok: false; readonly reason: string };

/**
 * The entry with its variables filled in. A variable that is not set and has no default
 * fails closed (the server does not start), saying which.
 */
export function expandVariables(
  config: McpServerConfig,
  env: Readonly<Record<string, string | undefined>>,
  origin: 'person' | 'project',
): Expanded {
  const names = variablesOf(config);
  if (origin === 'project') {
    const refused = names.filter((n) => PROJECT_REFUSED_VARIABLES.test(n));
    if (refused.length)
      return {
        ok: false,
        reason: `a project's server may not read ${refused.join(', ')} (Sluice's own settings and key); add it as your own server if you trust it`,
      };
  }
  const missing = new Set<string>();
  const fill = (text: string): string =>
    text.replace(REFERENCE, (whole, name: string, fallback: string | undefined) => {
      const value = env[name];
      if (value !== undefined && value !== '') return value;
      if (fallback !== undefined) return fallback;
      missing.add(name);
      return whole;
    });
  const record = (values: Record<string, string>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, fill(v)]));
  const expanded: McpServerConfig =
    config.transport === 'stdio'
      ? {
          ...config,
          command: fill(config.command),
          args: config.args.map(fill),
          env: record(config.env),
        }
      : { ...config, url: fill(config.url), headers: record(config.headers) };
  if (missing.size)
    return {
      ok: false,
      reason: `it uses ${[...missing].map((n) => `\${${n}}`).join(', ')}, which ${missing.size > 1 ? 'are' : 'is'} not set in Sluice's environment (set ${missing.size > 1 ? 'them' : 'it'}, or write \${NAME:-default})`,
    };
  return { ok: true, config: expanded };
}
