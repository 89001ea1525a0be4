// What the sandbox's network proxy let through and refused, for the command's result and logs:
// counts of both, the first refusals with their reasons, and the host:port pairs reached.

export interface RefusedRequest {
  readonly method: string;
  /** host:port as the command asked for it (or the raw target when unparsable). */
  readonly target: string;
  readonly reason: string;
}

export const MAX_REFUSED_KEPT = 200;
export const MAX_REACHED_KEPT = 200;

export class ProxyLedger {
  readonly refused: RefusedRequest[] = [];
  /** host:port let through, with how many requests each (at most MAX_REACHED_KEPT kept). */
  readonly reached = new Map<string, number>();
  refusedCount = 0;
  allowedCount = 0;

  /** `onRefused` is called for each refusal, for logs; a throw is contained. */
  constructor(private readonly onRefused?: (refused: RefusedRequest) => void) {}

  allow(host: string, port: number): void {
    this.allowedCount += 1;
    const key = reachedKey(host, port);
    if (this.reached.has(key) || this.reached.size < MAX_REACHED_KEPT)
      this.reached.set(key, (this.reached.get(key) ?? 0) + 1);
  }

  /** Takes back an allowance that a later check refused. */
  unallow(host: string, port: number): void {
    this.allowedCount -= 1;
    const key = reachedKey(host, port);
    const n = (this.reached.get(key) ?? 0) - 1;
    if (n > 0) this.reached.set(key, n);
    else this.reached.delete(key);
  }

  /** Records a refusal and returns its reason. */
  refuse(method: string, target: string, reason: string): string {
    this.refusedCount += 1;
    const entry = { method, target, reason };
    if (this.refused.length < MAX_REFUSED_KEPT) this.refused.push(entry);
    try {
      this.onRefused?.(entry);
    } catch {
      // logging must not break the proxy
    }
    return reason;
  }
}

function reachedKey(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
