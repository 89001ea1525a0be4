// run_command's network rules per project, in the app DB (migration 0041): each allows a list
// of hosts sandboxed commands may reach through the filtering proxy, optionally only for command
// lines whose every command starts with a prefix. Only the person adds them (Settings, or the
// contract's approvals.addNetworkRule); hosts and prefixes are validated and normalised.
import { randomUUID } from 'node:crypto';
import type { NetworkRule } from '../../../shared/command-approvals';
import { formatHostPattern, parseHostList, type HostPattern } from '../../../shared/network-hosts';
import { validatePrefix } from './command-policy';
import type { WritableDb } from '../store/database-handles';

export const MAX_NETWORK_RULES_PER_PROJECT = 100;

export class NetworkRuleError extends Error {
  override readonly name = 'NetworkRuleError';
}

export interface NetworkRuleRepository {
  list(projectId: string): NetworkRule[];
  /** The project's rules, parsed, for matching against a command line. */
  scopedHosts(projectId: string): ScopedHosts[];
  add(projectId: string, hosts: readonly string[], prefix?: readonly string[]): NetworkRule;
  remove(projectId: string, id: string): boolean;
}

/** One rule's hosts, and the prefix every command of a line must start with (null: any). */
export interface ScopedHosts {
  readonly hosts: readonly HostPattern[];
  readonly prefix: readonly string[] | null;
}

interface Row {
  id: string;
  hosts_json: string;
  prefix_json: string | null;
}

export function createNetworkRuleRepository(
  db: WritableDb,
  options: { now?: () => number; newId?: () => string } = {},
): NetworkRuleRepository {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? (() => `netrule-${randomUUID()}`);
  const select = db.prepare(
    'SELECT id, hosts_json, prefix_json FROM network_rules WHERE project_id = ? ORDER BY created_at, rowid',
  );
  const findSame = db.prepare(
    'SELECT id, hosts_json, prefix_json FROM network_rules WHERE project_id = ? AND hosts_json = ? AND prefix_json IS ?',
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM network_rules WHERE project_id = ?');
  const insert = db.prepare(
    'INSERT INTO network_rules (id, project_id, hosts_json, prefix_json, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const remove = db.prepare('DELETE FROM network_rules WHERE project_id = ? AND id = ?');
  const toRule = (row: Row): NetworkRule => ({
    id: row.id,
    hosts: JSON.parse(row.hosts_json) as string[],
    ...(row.prefix_json ? { prefix: JSON.parse(row.prefix_json) as string[] } : {}),
  });
  const list = (projectId: string): NetworkRule[] => (select.all(projectId) as Row[]).map(toRule);
  return {
    list,
    scopedHosts(projectId) {
      const scoped: ScopedHosts[] = [];
      for (const rule of list(projectId)) {
        // Stored lists were validated on the way in; one that no longer parses allows nothing.
        const parsed = parseHostList(rule.hosts);
        if (typeof parsed !== 'string') scoped.push({ hosts: parsed, prefix: rule.prefix ?? null });
      }
      return scoped;
    },
    add(projectId, hosts, prefix) {
      const parsed = parseHostList(hosts.map((h) => h.trim()).filter(Boolean));
      if (typeof parsed === 'string')
        throw new NetworkRuleError(`This network rule cannot be saved: ${parsed}.`);
      const words = prefix?.map((w) => w.trim()).filter(Boolean) ?? [];
      if (prefix && !words.length)
        throw new NetworkRuleError('This network rule cannot be saved: the prefix is empty.');
      const problem = words.length ? validatePrefix(words) : null;
      if (problem) throw new NetworkRuleError(`This network rule cannot be saved: ${problem}.`);
      const normalised = [...new Set(parsed.map(formatHostPattern))];
      const json = JSON.stringify(normalised);
      const prefixJson = words.length ? JSON.stringify(words) : null;
      const same = findSame.get(projectId, json, prefixJson) as Row | undefined;
      if (same) return toRule(same);
      const { n } = count.get(projectId) as { n: number };
      if (n >= MAX_NETWORK_RULES_PER_PROJECT)
        throw new NetworkRuleError(
          `This project already has ${n} network rules (limit ${MAX_NETWORK_RULES_PER_PROJECT}); remove some first.`,
        );
      const id = newId();
      insert.run(id, projectId, json, prefixJson, now());
      return { id, hosts: normalised, ...(words.length ? { prefix: words } : {}) };
    },
    remove: (projectId, id) => remove.run(projectId, id).changes > 0,
  };
}
