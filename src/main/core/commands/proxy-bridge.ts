// The sandbox side of a host-list network (issue 13): the sandbox has its own network namespace
// (only `lo`, which bwrap brings up), so a tiny bridge, run with the same node binary before
// the command starts, listens on 127.0.0.1:PROXY_PORT inside it and forwards each TCP
// connection to the host proxy's unix socket (network-proxy.ts). It is a child of the
// sandbox's shell, so it dies with the sandbox's PID namespace. The command finds the proxy
// through the usual environment variables.
import { isIpLiteral, type HostPattern } from '../../../shared/network-hosts';

/** Where the proxy's private folder appears inside the sandbox (/run is an empty tmpfs there). */
export const PROXY_DIR_INSIDE = '/run/sluice-net';
/** Any port is free in the sandbox's fresh network namespace. */
export const PROXY_PORT = 3128;
/** Written by the bridge once it listens; the wrapper waits for it (at most ~5 s). */
export const READY_FILE = '/tmp/.sluice-proxy-ready';

/** `node -e` source of the bridge: argv = [port, socket, readyFile]. */
export const BRIDGE_SOURCE = `const net=require('net'),fs=require('fs');const[port,sock,ready]=process.argv.slice(1);net.createServer(c=>{const u=net.connect(sock);c.on('error',()=>u.destroy());u.on('error',()=>c.destroy());c.pipe(u);u.pipe(c);}).listen(Number(port),'127.0.0.1',()=>fs.writeFileSync(ready,''));`;

/**
 * The inner shell script (argv: $1 command, $2 node, $3 bridge source, $4 port, $5 socket,
 * $6 ready file): start the bridge in the background, wait until it listens, then exec the
 * command (stderr merged). ELECTRON_RUN_AS_NODE makes an Electron binary act as node; it is
 * set for the bridge only.
 */
export const BRIDGE_WRAPPER =
  'ELECTRON_RUN_AS_NODE=1 "$2" -e "$3" "$4" "$5" "$6" </dev/null >/dev/null 2>&1 & ' +
  'i=0; while [ ! -e "$6" ] && [ "$i" -lt 500 ]; do sleep 0.01; i=$((i+1)); done; ' +
  '[ -e "$6" ] || echo "sluice sandbox: the network proxy did not start inside the sandbox; this command has no network at all"; ' +
  'exec /bin/sh -c "$1" 2>&1';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);

/** The proxy environment of a command with a host list. */
export function proxyEnv(
  allowed: readonly HostPattern[],
  port: number = PROXY_PORT,
): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  // Servers a command starts inside the sandbox (a test's own server) are on its own loopback:
  // they stay direct, unless the host list names a loopback host (then it is the host's).
  const loopbackListed = allowed.some(
    (p) => LOOPBACK.has(p.host) || (isIpLiteral(p.host) && p.host.startsWith('127.')),
  );
  const noProxy = loopbackListed ? '' : 'localhost,127.0.0.1,::1';
  return {
    HTTP_PROXY: url,
    HTTPS_PROXY: url,
    http_proxy: url,
    https_proxy: url,
    ALL_PROXY: url,
    all_proxy: url,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
    npm_config_proxy: url,
    npm_config_https_proxy: url,
    // Node >= 24 makes fetch and http honour the variables above with this (Node 20 ignores it).
    NODE_USE_ENV_PROXY: '1',
  };
}
