// run_command's network rules per project, in the app DB (migration 0041): each allows a list
// of hosts sandboxed commands may reach through the filtering proxy, optionally only for command
// lines whose every command starts with a prefix. Only the person adds them (Settings, or the
// contract's approvals.addNetworkRule); hosts and prefixes are validated and normalised.
import type { NetworkRule } from '../../../shared/command-approvals';
import { formatHostPattern, parseHostList, type HostPattern } from '../../../shared/network-hosts';
import { validatePrefix } from './command-policy';
import type { WritableDb } from '../store/database-handles';
import { createProjectRuleTable, type ProjectRuleTableOptions } from '../store/project-rule-table';

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
  options: ProjectRuleTableOptions = {},
): NetworkRuleRepository {
  const rows = createProjectRuleTable<Row>(
    db,
    {
      table: 'network_rules',
      columns: ['hosts_json', 'prefix_json'],
      idPrefix: 'netrule-',
      limit: MAX_NETWORK_RULES_PER_PROJECT,
      noun: 'network rules',
      refusal: NetworkRuleError,
    },
    options,
  );
  const toRule = (row: Row): NetworkRule => ({
    id: row.id,
    hosts: JSON.parse(row.hosts_json) as string[],
    ...(row.prefix_json ? { prefix: JSON.parse(row.prefix_json) as string[] } : {}),
  });
  const list = (projectId: string): NetworkRule[] => rows.list(projectId).map(toRule);
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
      return toRule(
        rows.add(projectId, {
          hosts_json: JSON.stringify(normalised),
          prefix_json: words.length ? JSON.stringify(words) : null,
        }),
      );
    },
    remove: (projectId, id) => rows.remove(projectId, id),
  };
}
