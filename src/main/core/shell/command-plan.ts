// A command line on its way from run_command to the process: the gate parses
// the text once, judges it with the policy and works out its network from that same parse; a
// decision to run hands the tool this plan, so nothing downstream parses the line or checks the
// person's network choice again. An edited command is a new text: it is parsed once, in turn.
import { hostsForCommand, NO_NETWORK, type NetworkPlan } from './command-network';
import type { ScopedHosts } from './network-rule-repository';
import { loadShellParser } from './shell-grammar';
import { parseCommandLine, type ParsedCommandLine } from './shell-parser';

export interface CommandPlan {
  /** The text that runs: the proposal's, or the person's edit. */
  readonly command: string;
  readonly parsed: ParsedCommandLine;
  /** What the command may reach: the person's choice on the card, else the proposal's own. */
  readonly network: NetworkPlan;
  /** The person set the network on the card. */
  readonly networkChosen: boolean;
}

/** Where the command runs: the project root and the absolute working folder (realpaths). */
interface Where {
  readonly root: string;
  readonly cwd: string;
  readonly isIgnored?: ((relative: string) => boolean) | undefined;
}

/** The one parse of a command text, at the proposal's working folder. */
export async function parseProposed(where: Where, command: string): Promise<ParsedCommandLine> {
  return parseCommandLine(await loadShellParser(), command, {
    root: where.root,
    cwd: where.cwd,
    isIgnored: where.isIgnored,
  });
}

/** A command text's plan before anyone chose its network: its one parse, its own network. */
export async function planCommand(
  where: Where & {
    readonly network: boolean;
    readonly networkRules?: readonly ScopedHosts[] | undefined;
  },
  command: string,
): Promise<CommandPlan> {
  const parsed = await parseProposed(where, command);
  return { command, parsed, network: proposedNetwork(where, parsed), networkChosen: false };
}

/**
 * The network a command gets without the person choosing: full when it asked for it (or runs
 * outside the sandbox), else the hosts of the project's network rules that apply to its parse.
 */
export function proposedNetwork(
  proposal: {
    readonly network: boolean;
    readonly networkRules?: readonly ScopedHosts[] | undefined;
  },
  parsed: ParsedCommandLine,
): NetworkPlan {
  if (proposal.network) return { full: true, hosts: [] };
  const rules = proposal.networkRules ?? [];
  return rules.length ? { full: false, hosts: hostsForCommand(rules, parsed) } : NO_NETWORK;
}
