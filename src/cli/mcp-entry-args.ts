// What `sluice mcp add` turns into a server entry: `NAME [--env K=V]…
// [--timeout S] -- COMMAND [ARG…]`, `NAME --url URL [--header "Name: value"]…`, or the entries
// of a Claude Code style `.mcp.json` (`add --from FILE`). The store's schema has the last word
// (mcp-config.ts `parseMcpEntry`); `${VAR}` is kept as written and filled in at start.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseMcpEntry, type McpServerConfig } from '../main/core/mcp-client/mcp-config';
import type { McpRepository } from '../main/core/mcp-client/mcp-repository';
import { UsageError, type CliIo } from './cli-io';
import { oneLine } from './one-line-text';
import { showUntrusted } from './terminal-mcp-approval';

/** A refusal by the store or the manager: said on stderr, exit 1. */
export class McpRefusal extends Error {}

export function refuse(message: string): never {
  throw new McpRefusal(message);
}

function timeoutOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 3600)
    throw new UsageError(
      `--timeout must be whole seconds from 1 to 3600 (got "${oneLine(text)}").`,
    );
  return value;
}

function pairs(list: readonly string[] | undefined, split: RegExp, what: string) {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const match = split.exec(item);
    if (!match?.[1])
      throw new UsageError(
        `${what} "${oneLine(item)}" is not NAME${split.source.includes(':') ? ': value' : '=value'}.`,
      );
    out[match[1]] = match[2] ?? '';
  }
  return out;
}

/** The server `add NAME …` describes (checked by the store's schema when saved). */
export function configToAdd(words: string[], values: Record<string, unknown>): McpServerConfig {
  const [, name, ...command] = words;
  if (!name) throw new UsageError('give the server a NAME.');
  const timeoutSeconds = timeoutOf(values.timeout as string | undefined);
  const timeout = timeoutSeconds ? { timeoutSeconds } : {};
  const url = values.url as string | undefined;
  if (url !== undefined) {
    if (command.length) throw new UsageError('give either --url or a command, not both.');
    if (values.env) throw new UsageError('--env is for a command; an HTTP server takes --header.');
    const headers = pairs(values.header as string[] | undefined, /^([^:]+):\s*(.*)$/su, '--header');
    return { name, transport: 'http', url, headers, ...timeout };
  }
  if (!command.length || !command[0])
    throw new UsageError('give the command after the name (use -- before words starting with -).');
  if (values.header) throw new UsageError('--header is for --url; a command takes --env.');
  const env = pairs(values.env as string[] | undefined, /^([^=]+)=(.*)$/su, '--env');
  return { name, transport: 'stdio', command: command[0], args: command.slice(1), env, ...timeout };
}

export function saveChecked(repo: McpRepository, config: unknown): McpServerConfig {
  const name = (config as { name?: string }).name ?? '';
  const parsed = parseMcpEntry(name, config);
  if (!parsed.success)
    refuse(
      `server "${oneLine(name)}" was not saved: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`).join('; ')}`,
    );
  repo.saveServer(parsed.data);
  return parsed.data;
}

/** `add --from FILE [NAME…]`: a Claude Code style `.mcp.json` (mcpServers) as the person's own. */
export function importFile(io: CliIo, repo: McpRepository, file: string, only: string[]): string[] {
  let root: { mcpServers?: unknown; servers?: unknown };
  try {
    root = JSON.parse(readFileSync(path.resolve(io.cwd, file), 'utf8')) as typeof root;
  } catch (error) {
    refuse(`${oneLine(file)} could not be read as JSON: ${(error as Error).message}`);
  }
  const entries = root?.mcpServers ?? root?.servers;
  if (!entries || typeof entries !== 'object' || Array.isArray(entries))
    refuse(`${oneLine(file)} has no "mcpServers" (or "servers") object.`);
  const lines: string[] = [];
  const problems: string[] = [];
  const names = Object.keys(entries);
  for (const wanted of only)
    if (!names.includes(wanted))
      problems.push(`${oneLine(file)} has no server "${oneLine(wanted)}"`);
  for (const [name, value] of Object.entries(entries as Record<string, unknown>)) {
    if (only.length && !only.includes(name)) continue;
    const parsed = parseMcpEntry(name, value);
    if (!parsed.success) {
      problems.push(
        `"${oneLine(name)}" skipped: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`).join('; ')}`,
      );
      continue;
    }
    repo.saveServer(parsed.data);
    lines.push(`Added ${oneLine(name)}: ${showUntrusted(describeShort(parsed.data))}`);
  }
  if (problems.length) refuse([...lines, ...problems].join('\n'));
  return lines;
}

export function describeShort(config: McpServerConfig): string {
  const timeout = config.timeoutSeconds ? ` (call timeout ${config.timeoutSeconds} s)` : '';
  return config.transport === 'stdio'
    ? `${JSON.stringify([config.command, ...config.args])}${Object.keys(config.env).length ? ` env ${Object.keys(config.env).join(', ')}` : ''}${timeout}`
    : `${config.url}${Object.keys(config.headers).length ? ` headers ${Object.keys(config.headers).join(', ')}` : ''}${timeout}`;
}
