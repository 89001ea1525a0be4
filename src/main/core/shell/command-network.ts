// What network a sandboxed command gets: none, only a host list through the
// filtering proxy, or full. Host lists come from the project's network rules (a rule with a
// prefix applies only when every simple command of the line starts with it, and the line has
// nothing the parser could not judge) or from the person's choice on the approval card.
import type { NetworkGrant } from '../../../shared/command-approvals';
import { missingCase } from '../../../shared/missing-case';
import { formatHostPattern, parseHostList, type HostPattern } from '../../../shared/network-hosts';
import type { ScopedHosts } from './network-rule-repository';
import type { ParsedCommandLine, SimpleCommand } from './shell-parser';

export interface NetworkPlan {
  /** Full network (the model asked and the person approved, or no sandbox). */
  readonly full: boolean;
  /** Without `full`: what the proxy lets through (empty: no network at all). */
  readonly hosts: readonly HostPattern[];
}

export const NO_NETWORK: NetworkPlan = { full: false, hosts: [] };

function startsWith(command: SimpleCommand, prefix: readonly string[]): boolean {
  return (
    command.unmatchable.length === 0 &&
    prefix.length <= command.words.length &&
    prefix.every((word, i) => command.words[i] === word)
  );
}

/** Hosts the project's rules give this command line (deduplicated, in rule order). */
export function hostsForCommand(
  rules: readonly ScopedHosts[],
  parsed: ParsedCommandLine,
): HostPattern[] {
  const judgeable = parsed.problems.length === 0 && parsed.commands.length > 0;
  const seen = new Set<string>();
  const hosts: HostPattern[] = [];
  for (const rule of rules) {
    const applies =
      rule.prefix === null ||
      (judgeable && parsed.commands.every((c) => startsWith(c, rule.prefix ?? [])));
    if (!applies) continue;
    for (const host of rule.hosts) {
      const key = formatHostPattern(host);
      if (seen.has(key)) continue;
      seen.add(key);
      hosts.push(host);
    }
  }
  return hosts;
}

/** The plan the person chose on the card, or why the choice cannot be honoured. */
export function planFromGrant(grant: NetworkGrant): NetworkPlan | string {
  switch (grant.type) {
    case 'off':
      return NO_NETWORK;
    case 'full':
      return { full: true, hosts: [] };
    case 'hosts': {
      const parsed = parseHostList(grant.hosts.map((h) => h.trim()).filter(Boolean));
      return typeof parsed === 'string'
        ? `the host list cannot be used: ${parsed}`
        : { full: false, hosts: parsed };
    }
    default:
      return missingCase(grant);
  }
}

export function hostNames(plan: NetworkPlan): string[] {
  return [...new Set(plan.hosts.map(formatHostPattern))];
}
