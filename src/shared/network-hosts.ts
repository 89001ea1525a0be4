// Host lists for run_command's network rules: which hosts a sandboxed command may
// reach through the filtering proxy. A pattern is an exact name (`registry.npmjs.org`), a
// wildcard for subdomains (`*.example.com`: any depth, never `example.com` itself) or an IP
// literal (`127.0.0.1`, `[::1]`), with an optional port (`registry.npmjs.org:443`). Without a
// port only 80 and 443 are allowed. Wildcards never match IP literals. Pure TS (shared).

export interface HostPattern {
  /** Lower-case name without a trailing dot, or an IP literal (IPv6 without brackets). */
  readonly host: string;
  readonly wildcard: boolean;
  /** null: the default web ports (80, 443). */
  readonly port: number | null;
}

export const DEFAULT_PORTS: readonly number[] = [80, 443];
export const MAX_HOSTS_PER_RULE = 100;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/u;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/u;
const IPV6 = /^[0-9a-f:.]+$/u;

export function isIpLiteral(host: string): boolean {
  return IPV4.test(host) || (host.includes(':') && IPV6.test(host));
}

function isName(host: string): boolean {
  if (host.length > 253) return false;
  const labels = host.split('.');
  return labels.every((l) => LABEL.test(l)) && !/^\d+$/u.test(labels.at(-1) ?? '');
}

/** Host (lower-cased, trailing dot and IPv6 brackets removed) and port of `host[:port]`. */
export function splitHostPort(text: string): { host: string; port: number | null } | null {
  const trimmed = text.trim().toLowerCase();
  let host: string;
  let portText: string | undefined;
  const bracket = /^\[([^\]]+)\](?::(\d+))?$/u.exec(trimmed);
  if (bracket) {
    host = bracket[1] ?? '';
    portText = bracket[2];
  } else if ((trimmed.match(/:/gu) ?? []).length > 1) {
    host = trimmed; // bare IPv6 without a port
  } else {
    const [h, p] = trimmed.split(':');
    host = h ?? '';
    portText = p;
    if (trimmed.endsWith(':')) return null;
  }
  host = host.replace(/\.$/u, '');
  if (portText === undefined) return { host, port: null };
  if (!/^\d{1,5}$/u.test(portText)) return null;
  const port = Number(portText);
  return port >= 1 && port <= 65535 ? { host, port } : null;
}

/** A pattern, or why the text is not one. */
export function parseHostPattern(text: string): HostPattern | string {
  if (!text.trim()) return 'a host is empty';
  if (/[/\s@?#]/u.test(text.trim()))
    return `"${text}" is not a host (write a name such as registry.npmjs.org or registry.npmjs.org:443, without a scheme or path)`;
  const split = splitHostPort(text);
  if (!split) return `"${text}" has an invalid port (1-65535)`;
  const { host, port } = split;
  if (host.startsWith('*.')) {
    const rest = host.slice(2);
    if (!isName(rest) || !rest.includes('.'))
      return `"${text}": a wildcard must cover a domain with at least two labels, such as *.example.com`;
    return { host: rest, wildcard: true, port };
  }
  if (host.includes('*'))
    return `"${text}": "*" is only allowed as a whole first label (*.example.com)`;
  if (isIpLiteral(host) || isName(host)) return { host, wildcard: false, port };
  return `"${text}" is not a valid host name or IP address`;
}

/** Patterns of a list, or the first problem found. */
export function parseHostList(texts: readonly string[]): HostPattern[] | string {
  if (texts.length === 0) return 'the host list is empty';
  if (texts.length > MAX_HOSTS_PER_RULE) return `a rule lists at most ${MAX_HOSTS_PER_RULE} hosts`;
  const patterns: HostPattern[] = [];
  for (const text of texts) {
    const pattern = parseHostPattern(text);
    if (typeof pattern === 'string') return pattern;
    patterns.push(pattern);
  }
  return patterns;
}

export function formatHostPattern(pattern: HostPattern): string {
  const host = pattern.host.includes(':') ? `[${pattern.host}]` : pattern.host;
  return `${pattern.wildcard ? '*.' : ''}${host}${pattern.port === null ? '' : `:${pattern.port}`}`;
}

/** Whether a request to host:port is allowed by one of the patterns (host as the client sent it). */
export function hostAllowed(patterns: readonly HostPattern[], host: string, port: number): boolean {
  const split = splitHostPort(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
  const name = split?.host ?? '';
  if (!name) return false;
  const ip = isIpLiteral(name);
  if (!ip && !isName(name)) return false;
  return patterns.some((p) => {
    const portOk = p.port === null ? DEFAULT_PORTS.includes(port) : p.port === port;
    if (!portOk) return false;
    if (p.wildcard) return !ip && name.endsWith(`.${p.host}`);
    return name === p.host;
  });
}

/** Whether host:port is listed by an exact (not wildcard) name pattern. */
export function hostListedByName(
  patterns: readonly HostPattern[],
  host: string,
  port: number,
): boolean {
  const name = host.toLowerCase().replace(/\.$/u, '');
  return patterns.some(
    (p) =>
      !p.wildcard &&
      !isIpLiteral(p.host) &&
      p.host === name &&
      (p.port === null ? DEFAULT_PORTS.includes(port) : p.port === port),
  );
}
