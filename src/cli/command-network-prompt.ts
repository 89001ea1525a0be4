// The network line of a command prompt on a terminal, and the person's choice of network for
// one run (off, only some hosts, full), asked when they answer "w".
import type { CommandApprovalRequest, NetworkGrant } from '../shared/command-approvals';
import type { Choice, PromptKit } from './terminal-prompt';

const NETWORK_CHOICES: readonly Choice[] = [
  { key: 'o', word: 'off' },
  { key: 'h', word: 'hosts only' },
  { key: 'f', word: 'full' },
];

/** "network off" / "network: only a, b" / "network ON (full)". */
export function describeRequestNetwork(request: CommandApprovalRequest): string {
  if (request.network) return 'network ON (full)';
  if (request.networkHosts?.length) return `network: only ${request.networkHosts.join(', ')}`;
  return 'network off';
}

export function describeGrant(grant: NetworkGrant): string {
  switch (grant.type) {
    case 'off':
      return 'network off';
    case 'hosts':
      return `network: only ${grant.hosts.join(', ')}`;
    case 'full':
      return 'network ON (full)';
    default:
      return grant satisfies never;
  }
}

/**
 * Asks which network this run gets; null when the input closed, undefined when the answer
 * was not understood (the caller asks again). Host lists are checked by the gate.
 */
export async function askNetworkGrant(
  kit: Pick<PromptKit, 'prompt' | 'choose'>,
): Promise<NetworkGrant | null | undefined> {
  const answer = await kit.choose(
    'Network for this run: [o]ff / [h]osts only / [f]ull > ',
    NETWORK_CHOICES,
  );
  if (answer === null) return null;
  switch (answer.toLowerCase()) {
    case 'o':
    case 'off':
      return { type: 'off' };
    case 'f':
    case 'full':
      return { type: 'full' };
    case 'h':
    case 'hosts': {
      const text = await kit.prompt(
        'Hosts (comma separated, e.g. registry.npmjs.org, *.example.com:8443) > ',
      );
      if (text === null) return null;
      const hosts = text.split(/[\s,]+/u).filter(Boolean);
      return hosts.length ? { type: 'hosts', hosts } : undefined;
    }
    default:
      return undefined;
  }
}
