// One allowed CONNECT tunnel of the filtering proxy, to the address that was
// checked. What the server sends flows at once; what the client sends is held until its first
// bytes are judged: a TLS ClientHello must name the allowed host (or no name at all), else the
// tunnel is refused, so an allowed address cannot carry a connection to another site behind it
// (shared hosting, CDNs). Anything that is not TLS passes (the host and port were allowed).
import net from 'node:net';
import { readServerName } from './tls-server-name';

export interface TunnelOptions {
  readonly client: net.Socket;
  /** Bytes the client sent after the CONNECT request, before the reply. */
  readonly head: Buffer;
  /** host:port as the client asked for it, for messages. */
  readonly target: string;
  /** The allowed host name (or IP literal) the TLS server name must match. */
  readonly host: string;
  readonly address: string;
  readonly port: number;
  /** The proxy's open sockets, destroyed when it closes. */
  readonly sockets: Set<net.Socket>;
  readonly timeoutMs: number;
  /** Called once when the first bytes are refused (the tunnel is then closed). */
  readonly onRefused: (reason: string) => void;
}

export function openTunnel(options: TunnelOptions): void {
  const { client, target, host } = options;
  const upstream = net.connect({ host: options.address, port: options.port });
  let established = false;
  options.sockets.add(upstream);
  upstream.setTimeout(options.timeoutMs, () => {
    if (upstream.connecting) upstream.destroy(new Error('connect timed out'));
  });
  upstream.on('connect', () => {
    upstream.setTimeout(0);
    established = true;
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    upstream.pipe(client);
    let held = options.head;
    const judgeFirstBytes = (chunk?: Buffer): void => {
      if (chunk) held = Buffer.concat([held, chunk]);
      const sni = readServerName(held);
      if (sni.kind === 'need-more') return;
      client.off('data', judgeFirstBytes);
      const reason =
        sni.kind === 'malformed'
          ? 'its TLS ClientHello could not be read'
          : sni.kind === 'name' && sni.name.replace(/\.$/u, '') !== host
            ? `its TLS server name ${sni.name} is not ${host}, the host that was allowed`
            : null;
      if (reason !== null) {
        options.onRefused(reason);
        client.destroy();
        upstream.destroy();
        return;
      }
      client.pause();
      upstream.write(held);
      client.pipe(upstream);
      client.resume();
    };
    client.on('data', judgeFirstBytes);
    if (held.length) judgeFirstBytes();
  });
  upstream.on('error', (error) => {
    if (client.writable && !established)
      client.end(
        `HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\nSluice sandbox proxy: ${target} could not be reached: ${error.message}\n`,
      );
    else client.destroy();
  });
  upstream.on('close', () => {
    options.sockets.delete(upstream);
    client.destroy();
  });
  client.on('close', () => upstream.destroy());
}
