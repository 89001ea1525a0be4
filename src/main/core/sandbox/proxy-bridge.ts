// The sandbox side of a host-list network: the sandbox has its own network namespace
// (only `lo`, which bwrap brings up), so before the command starts a tiny bridge, run with the
// same node binary, opens a listening socket on 127.0.0.1:PROXY_PORT inside it, hands that
// socket to the host over a Node IPC channel (the descriptor Sluice opened for bwrap) and
// exits. The host accepts the command's connections on it and the proxy serves them
// (network-proxy.ts). No Unix socket is made inside (the sandbox's seccomp filter forbids
// them), and nothing of the command's ever holds the channel: the bridge has
// exited and the shell closed its copy before the command starts, and the host closes its end
// once the socket arrived (a process that wrote to the channel could crash the host's JSON
// reader). The command finds the proxy through the usual environment variables.
import { isIpLiteral, type HostPattern } from '../../../shared/network-hosts';

/** Where the proxy's private folder appears inside the sandbox (/run is an empty tmpfs there). */
export const PROXY_DIR_INSIDE = '/run/sluice-net';
/** Any port is free in the sandbox's fresh network namespace. */
export const PROXY_PORT = 3128;
/** Written by the bridge once the host has its listening socket. */
export const READY_FILE = '/tmp/.sluice-proxy-ready';
/** The bridge gives up after this long (a host that never takes the socket). */
export const BRIDGE_TIMEOUT_MS = 5_000;

/** `node -e` source of the bridge: argv = [port, socket (unused), readyFile]; IPC on NODE_CHANNEL_FD. */
export const BRIDGE_SOURCE = `const net=require('net'),fs=require('fs');const[port,,ready]=process.argv.slice(1);if(!process.send)process.exit(1);setTimeout(()=>process.exit(1),${BRIDGE_TIMEOUT_MS}).unref();const s=net.createServer();s.listen(Number(port),'127.0.0.1',()=>process.send('listener',s,e=>{if(e)process.exit(1);fs.writeFileSync(ready,'');process.exit(0);}));`;

/**
 * The inner shell script (argv: $1 command, $2 node, $3 bridge source, $4 port, $5 socket,
 * $6 ready file, $7 the IPC descriptor): run the bridge in the foreground (it hands its
 * listening socket to the host and exits), close the IPC descriptor, then exec the command
 * (stderr merged). ELECTRON_RUN_AS_NODE makes an Electron binary act as node; it and
 * NODE_CHANNEL_FD are set for the bridge only.
 */
export const BRIDGE_WRAPPER =
  'NODE_CHANNEL_FD="$7" ELECTRON_RUN_AS_NODE=1 "$2" -e "$3" "$4" "$5" "$6" </dev/null >/dev/null 2>&1; ' +
  '[ -e "$6" ] || echo "sluice sandbox: the network proxy did not start inside the sandbox; this command has no network at all"; ' +
  'case "$7" in [0-9]) eval "exec $7>&-";; esac; ' +
  'exec /bin/sh -c "$1" 2>&1';

/**
 * The same with the command's stderr kept apart from its stdout (a hook answers on stdout and
 * gives its reason on stderr): the bridge's own warning goes to stderr too.
 */
export const BRIDGE_WRAPPER_STDERR_APART =
  'NODE_CHANNEL_FD="$7" ELECTRON_RUN_AS_NODE=1 "$2" -e "$3" "$4" "$5" "$6" </dev/null >/dev/null 2>&1; ' +
  '[ -e "$6" ] || echo "sluice sandbox: the network proxy did not start inside the sandbox; this command has no network at all" >&2; ' +
  'case "$7" in [0-9]) eval "exec $7>&-";; esac; ' +
  'exec /bin/sh -c "$1"';

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
