// run_command's network rules per project, in the app DB (migration 0041): each allows a list
// of hosts sandboxed commands may reach through the filtering proxy. Only the person adds them
// (Settings, or the contract's approvals.addNetworkRule); hosts are validated and normalised.
import { randomUUID } from 'node:crypto';
import type { NetworkRule } from '../../../shared/command-approvals';
import { formatHostPattern, parseHostList, type HostPattern } from '../../../shared/network-hosts';
import type { WritableDb } from './database-handles';

export const MAX_NETWORK_RULES_PER_PROJECT = 100;

export class NetworkRuleError extends Error {
  override readonly name = 'NetworkRuleError';
}

export interface NetworkRuleRepository {
  list(projectId: string): NetworkRule[];
  /** Every host pattern of the project's rules, parsed (what the proxy allows). */
  allowedHosts(projectId: string): HostPattern[];
  add(projectId: string, hosts: readonly string[]): NetworkRule;
  remove(projectId: string, id: string): boolean;
}

interface Row {
  id: string;
  hosts_json: string;
}

export function createNetworkRuleRepository(
  db: WritableDb,
  options: { now?: () => number; newId?: () => string } = {},
): NetworkRuleRepository {
  const now = options.now ?? (() => Date.now());
  const newId = options.newId ?? (() => `netrule-${randomUUID()}`);
  const select = db.prepare(
    'SELECT id, hosts_json FROM network_rules WHERE project_id = ? ORDER BY created_at, rowid',
  );
  const findSame = db.prepare(
    'SELECT id, hosts_json FROM network_rules WHERE project_id = ? AND hosts_json = ?',
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM network_rules WHERE project_id = ?');
  const insert = db.prepare(
    'INSERT INTO network_rules (id, project_id, hosts_json, created_at) VALUES (?, ?, ?, ?)',
  );
  const remove = db.prepare('DELETE FROM network_rules WHERE project_id = ? AND id = ?');
  const toRule = (row: Row): NetworkRule => ({
    id: row.id,
    hosts: JSON.parse(row.hosts_json) as string[],
  });
  const list = (projectId: string): NetworkRule[] => (select.all(projectId) as Row[]).map(toRule);
  return {
    list,
    allowedHosts(projectId) {
      const patterns: HostPattern[] = [];
      for (const rule of list(projectId)) {
        // Stored lists were validated on the way in; one that no longer parses allows nothing.
        const parsed = parseHostList(rule.hosts);
        if (typeof parsed !== 'string') patterns.push(...parsed);
      }
      return patterns;
    },
    add(projectId, hosts) {
      const parsed = parseHostList(hosts.map((h) => h.trim()).filter(Boolean));
      if (typeof parsed === 'string')
        throw new NetworkRuleError(`This network rule cannot be saved: ${parsed}.`);
      const normalised = [...new Set(parsed.map(formatHostPattern))];
      const json = JSON.stringify(normalised);
      const same = findSame.get(projectId, json) as Row | undefined;
      if (same) return toRule(same);
      const { n } = count.get(projectId) as { n: number };
      if (n >= MAX_NETWORK_RULES_PER_PROJECT)
        throw new NetworkRuleError(
          `This project already has ${n} network rules (limit ${MAX_NETWORK_RULES_PER_PROJECT}); remove some first.`,
        );
      const id = newId();
      insert.run(id, projectId, json, now());
      return { id, hosts: normalised };
    },
    remove: (projectId, id) => remove.run(projectId, id).changes > 0,
  };
}
