// Whether the network proxy may reach a host:port, and at which address (host-list
// rules). The host list decides first; only then is a name resolved, on the host, and the
// proxy connects to the address it checked: a name that resolves to a loopback, private or
// link-local address is refused unless the list names that host exactly or lists the address.
import { promises as dns } from 'node:dns';
import {
  hostAllowed,
  hostListedByName,
  isIpLiteral,
  type HostPattern,
} from '../../../shared/network-hosts';
import { isPrivateAddress } from './private-addresses';
import type { ProxyLedger } from './proxy-ledger';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}
export type HostLookup = (host: string) => Promise<readonly ResolvedAddress[]>;

export const systemLookup: HostLookup = (host) => dns.lookup(host, { all: true, verbatim: true });

export type ResolvedTarget = { address: string } | { status: 403 | 502; message: string };

export interface ProxyTargets {
  /** null when the host list allows host:port; else records and returns the refusal. */
  judge(method: string, target: string, host: string, port: number): string | null;
  /** The address to connect to for a host judge allowed, or the refusal (recorded). */
  resolve(method: string, target: string, host: string, port: number): Promise<ResolvedTarget>;
}

export function createProxyTargets(options: {
  readonly allowed: readonly HostPattern[];
  readonly lookup: HostLookup;
  readonly ledger: ProxyLedger;
}): ProxyTargets {
  const { allowed, lookup, ledger } = options;
  return {
    judge(method, target, host, port) {
      if (!host) return ledger.refuse(method, target, 'the target is not host:port');
      if (!hostAllowed(allowed, host, port))
        return ledger.refuse(method, target, `${host}:${port} is not in the allowed host list`);
      return null;
    },
    async resolve(method, target, host, port) {
      // An IP literal passed judge only by being listed.
      if (isIpLiteral(host)) {
        ledger.allow(host, port);
        return { address: host };
      }
      let addresses: readonly ResolvedAddress[];
      try {
        addresses = await lookup(host);
      } catch (error) {
        return {
          status: 502,
          message: `${host} could not be resolved: ${(error as Error).message}`,
        };
      }
      const byName = hostListedByName(allowed, host, port);
      const usable = addresses.filter(
        (a) => !isPrivateAddress(a.address) || byName || hostAllowed(allowed, a.address, port),
      );
      const chosen = usable[0];
      if (!chosen) {
        const shown = addresses.map((a) => a.address).join(', ') || 'no address';
        return {
          status: 403,
          message: ledger.refuse(
            method,
            target,
            `${host} resolves to ${shown}, a loopback, private or link-local address: reachable only when the list names ${host} exactly or lists the address`,
          ),
        };
      }
      ledger.allow(host, port);
      return { address: chosen.address };
    },
  };
}
