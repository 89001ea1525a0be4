// Host-list network rules (issue 13), judged on the network: two loopback HTTP servers on the
// host count their hits; only the listed one may be reached, only through the filtering
// proxy, and with no host list nothing is reached at all. Runs only where bubblewrap works.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import {
  runCommand,
  type CommandRunOptions,
} from '../../../../src/main/core/commands/command-runner';
import type { HostLookup } from '../../../../src/main/core/sandbox/network-proxy';
import { parseHostList } from '../../../../src/shared/network-hosts';

const sandbox = detectBubblewrap();
const describeSandboxed = sandbox.available ? describe : describe.skip;
if (!sandbox.available) console.warn(`network-rules: skipped, ${sandbox.detail}`);

interface Target {
  server: Server | TlsServer;
  port: number;
  hits: number;
}

/** A self-signed certificate for a loopback HTTPS target (null without openssl). */
function selfSignedCert(dir: string): { key: Buffer; cert: Buffer } | null {
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem')),
      cert: readFileSync(path.join(dir, 'cert.pem')),
    };
  } catch {
    return null;
  }
}

async function startTarget(tls?: { key: Buffer; cert: Buffer }): Promise<Target> {
  const target: Target = { server: tls ? createTlsServer(tls) : createServer(), port: 0, hits: 0 };
  target.server.on('request', (_req, res) => {
    target.hits += 1;
    res.end('HELLO-FROM-TARGET');
  });
  await new Promise<void>((resolve) => target.server.listen(0, '127.0.0.1', resolve));
  target.port = (target.server.address() as { port: number }).port;
  return target;
}

let listed: Target;
let unlisted: Target;
let secure: Target | null = null;
let certPem = '';
let root: string;
const certDir = mkdtempSync(path.join(os.tmpdir(), 'sluice-netrule-cert-'));

beforeAll(async () => {
  listed = await startTarget();
  unlisted = await startTarget();
  const tls = selfSignedCert(certDir);
  if (tls) {
    secure = await startTarget(tls);
    certPem = tls.cert.toString();
  } else console.warn('network-rules: no openssl, the HTTPS case is skipped');
});
afterAll(async () => {
  for (const target of [listed, unlisted, secure])
    if (target) await new Promise<void>((resolve) => target.server.close(() => resolve()));
  rmSync(certDir, { recursive: true, force: true });
});
beforeEach(() => {
  listed.hits = 0;
  unlisted.hits = 0;
  if (secure) secure.hits = 0;
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-netrule-')));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function hosts(...texts: string[]) {
  const parsed = parseHostList(texts);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

function run(command: string, extra: Partial<CommandRunOptions> = {}) {
  return runCommand({
    command,
    root,
    cwd: root,
    timeoutMs: 20_000,
    network: false,
    sandbox,
    signal: new AbortController().signal,
    killGraceMs: 500,
    ...extra,
  });
}

/** node http.get through the proxy named by HTTP_PROXY (Node 20's fetch ignores it). */
const nodeViaProxy = (port: number): string =>
  `node -e "const p=new URL(process.env.HTTP_PROXY);require('http').get({host:p.hostname,port:p.port,path:'http://127.0.0.1:${port}/'},r=>{let b='';r.on('data',d=>b+=d);r.on('end',()=>console.log(r.statusCode,b))}).on('error',e=>console.log('ERR',e.code))"`;

describeSandboxed('host-list network rules - judged on the network', () => {
  it('curl through the proxy - reaches the listed host (plain HTTP)', async () => {
    const r = await run(`curl -s -m 5 http://127.0.0.1:${listed.port}/`, {
      allowedHosts: hosts(`127.0.0.1:${listed.port}`),
    });
    expect(r.output.view).toContain('HELLO-FROM-TARGET');
    expect(listed.hits).toBe(1);
    expect(r.proxy).toMatchObject({ allowedCount: 1, refusedCount: 0 });
  });

  it('raw requests to the proxy - userinfo, pipelining, CL+TE smuggling, origin form, a tunnel with another Host: only the listed host is hit', async () => {
    // The attacker speaks HTTP to the proxy by hand, so no client library tidies anything up.
    const A = listed.port;
    const B = unlisted.port;
    writeFileSync(
      path.join(root, 'attack.js'),
      `const net=require('net');const send=(d)=>new Promise((r)=>{const s=net.connect(3128,'127.0.0.1',()=>s.write(d));s.on('data',()=>{});s.on('error',()=>{});s.setTimeout(3000,()=>s.destroy());s.on('close',r);});
(async()=>{for(const d of ${JSON.stringify([
        `GET http://127.0.0.1:${A}@127.0.0.1:${B}/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        `GET http://127.0.0.1:${A}/ HTTP/1.1\r\nHost: 127.0.0.1:${A}\r\n\r\nGET http://127.0.0.1:${B}/ HTTP/1.1\r\nHost: 127.0.0.1:${B}\r\nConnection: close\r\n\r\n`,
        `POST http://127.0.0.1:${A}/ HTTP/1.1\r\nHost: 127.0.0.1:${A}\r\nContent-Length: 60\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET http://127.0.0.1:${B}/ HTTP/1.1\r\nHost: 127.0.0.1:${B}\r\n\r\n`,
        `GET / HTTP/1.1\r\nHost: 127.0.0.1:${B}\r\nConnection: close\r\n\r\n`,
        `CONNECT [::ffff:127.0.0.1]:${B} HTTP/1.1\r\n\r\n`,
        `CONNECT 127.0.0.1:${A} HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\nHost: 127.0.0.1:${B}\r\nConnection: close\r\n\r\n`,
      ])})await send(d);console.log('sent');})();`,
    );
    const r = await run('node attack.js', { allowedHosts: hosts(`127.0.0.1:${A}`) });
    expect(r.output.view).toContain('sent');
    expect(unlisted.hits).toBe(0);
    expect(listed.hits).toBeGreaterThan(0);
  });

  it('curl with CONNECT (proxytunnel) - reaches the listed host through a tunnel', async () => {
    const r = await run(`curl -s -m 5 -p http://127.0.0.1:${listed.port}/`, {
      allowedHosts: hosts(`127.0.0.1:${listed.port}`),
    });
    expect(r.output.view).toContain('HELLO-FROM-TARGET');
    expect(listed.hits).toBe(1);
  });

  it('wget through the proxy - reaches the listed host, is refused elsewhere', async () => {
    const r = await run(
      `wget -q -T 5 -t 1 -O - http://127.0.0.1:${listed.port}/; echo; wget -q -T 5 -t 1 -O - http://127.0.0.1:${unlisted.port}/ || echo WGET-REFUSED`,
      { allowedHosts: hosts(`127.0.0.1:${listed.port}`) },
    );
    expect(r.output.view).toContain('HELLO-FROM-TARGET');
    expect(r.output.view).toContain('WGET-REFUSED');
    expect(listed.hits).toBe(1);
    expect(unlisted.hits).toBe(0);
  });

  it('node http through the proxy - reaches the listed host', async () => {
    const r = await run(nodeViaProxy(listed.port), {
      allowedHosts: hosts(`127.0.0.1:${listed.port}`),
    });
    expect(r.output.view).toContain('200 HELLO-FROM-TARGET');
    expect(listed.hits).toBe(1);
  });

  it('a host by name mapped to loopback - localhost:<port> is reached by name', async () => {
    const r = await run(`curl -s -m 5 http://localhost:${listed.port}/`, {
      allowedHosts: hosts(`localhost:${listed.port}`),
    });
    expect(r.output.view).toContain('HELLO-FROM-TARGET');
    expect(listed.hits).toBe(1);
  });

  it('an unlisted port - gets no hit and the command sees a 403 refusal', async () => {
    const r = await run(
      `curl -s -m 5 -w ' status=%{http_code}' http://127.0.0.1:${unlisted.port}/; curl -s -m 5 -p http://127.0.0.1:${unlisted.port}/ || echo CONNECT-FAILED; ${nodeViaProxy(unlisted.port)}`,
      { allowedHosts: hosts(`127.0.0.1:${listed.port}`) },
    );
    expect(unlisted.hits).toBe(0);
    expect(listed.hits).toBe(0);
    expect(r.output.view).toContain('status=403');
    expect(r.output.view).toContain('not in the allowed host list');
    expect(r.output.view).toContain('CONNECT-FAILED');
    expect(r.output.view).toContain('403 Sluice sandbox');
    expect(r.proxy?.refusedCount).toBe(3);
    expect(r.proxy?.refused.map((x) => x.target)).toContain(`127.0.0.1:${unlisted.port}`);
  });

  it('an unlisted name for a listed address - is refused (no resolution inside, names compared)', async () => {
    const r = await run(`curl -s -m 5 -w ' status=%{http_code}' http://localhost:${listed.port}/`, {
      allowedHosts: hosts(`127.0.0.1:${listed.port}`),
    });
    expect(listed.hits).toBe(0);
    expect(r.output.view).toContain('status=403');
  });

  it.each([
    ['curl --noproxy', (p: number) => `curl -s -m 3 --noproxy '*' http://127.0.0.1:${p}/`],
    [
      'node net.connect',
      (p: number) =>
        `node -e "require('net').connect(${p},'127.0.0.1').on('connect',()=>console.log('CONNECTED')).on('error',e=>console.log(e.code))"`,
    ],
    [
      'node fetch (ignores the proxy variables)',
      (p: number) =>
        `node -e "fetch('http://127.0.0.1:${p}/').then(r=>r.text()).then(console.log,e=>console.log('ERR'))"`,
    ],
  ])('direct connection bypassing the proxy - %s gets no hit', async (_name, command) => {
    const r = await run(command(listed.port), {
      allowedHosts: hosts(`127.0.0.1:${listed.port}`),
    });
    expect(listed.hits).toBe(0);
    expect(r.output.view).not.toContain('CONNECTED');
    expect(r.output.view).not.toContain('HELLO-FROM-TARGET');
  });

  it('UDP and DNS - no route out with a host list either (the namespace stays unshared)', async () => {
    const { createSocket } = await import('node:dgram');
    const udp = createSocket('udp4');
    let datagrams = 0;
    udp.on('message', () => (datagrams += 1));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const udpPort = udp.address().port;
    try {
      const r = await run(
        `node -e "const s=require('dgram').createSocket('udp4');s.send('x',${udpPort},'127.0.0.1',e=>{console.log('SENT',e?e.code:'ok');s.close()})"; getent hosts example.com || echo NO-DNS`,
        { allowedHosts: hosts('example.com', `127.0.0.1:${listed.port}`) },
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(datagrams).toBe(0);
      expect(r.output.view).toContain('NO-DNS');
    } finally {
      udp.close();
    }
  });

  it('no host list - no proxy and no hit at all', async () => {
    const r = await run(
      `curl -s -m 3 http://127.0.0.1:${listed.port}/; curl -s -m 3 -x http://127.0.0.1:3128 http://127.0.0.1:${listed.port}/; echo "proxy=[$HTTP_PROXY]"`,
    );
    expect(listed.hits).toBe(0);
    expect(r.output.view).toContain('proxy=[]');
    expect(r.proxy).toBeUndefined();
  });

  it('proxy variables - are set inside, with the proxy on the sandbox loopback', async () => {
    const r = await run('echo "$HTTPS_PROXY $npm_config_proxy $ALL_PROXY [$NO_PROXY]"', {
      allowedHosts: hosts('registry.npmjs.org:443'),
    });
    expect(r.output.view).toContain(
      'http://127.0.0.1:3128 http://127.0.0.1:3128 http://127.0.0.1:3128 [localhost,127.0.0.1,::1]',
    );
  });

  it('HTTPS through CONNECT - a real TLS handshake with the listed host, by name', async (ctx) => {
    if (!secure) return ctx.skip();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(root, 'ca.pem'), certPem);
    const r = await run(`curl -s -m 5 --cacert ca.pem https://localhost:${secure.port}/`, {
      allowedHosts: hosts(`localhost:${secure.port}`),
    });
    expect(r.output.view).toContain('HELLO-FROM-TARGET');
    expect(secure.hits).toBe(1);
    expect(r.proxy).toMatchObject({ allowedCount: 1, refusedCount: 0 });
  });

  /** A resolver that maps test names to the loopback target (the system one cannot). */
  const toLoopback: HostLookup = async (host) => {
    if (host.endsWith('.example.test')) return [{ address: '127.0.0.1', family: 4 }];
    throw new Error(`getaddrinfo ENOTFOUND ${host}`);
  };

  it('a wildcard name resolving to loopback - is refused (plain and CONNECT), no hit', async () => {
    const r = await run(
      `curl -s -m 5 -w ' status=%{http_code}' http://api.example.test:${listed.port}/; curl -s -m 5 -p http://api.example.test:${listed.port}/ || echo CONNECT-FAILED`,
      { allowedHosts: hosts(`*.example.test:${listed.port}`), lookup: toLoopback },
    );
    expect(listed.hits).toBe(0);
    expect(r.output.view).toContain('status=403');
    expect(r.output.view).toContain('CONNECT-FAILED');
    expect(r.output.view).toContain('resolves to 127.0.0.1, a loopback, private or link-local');
    expect(r.proxy?.refusedCount).toBe(2);
    expect(r.proxy?.allowedCount).toBe(0);
  });

  it('a name resolving to loopback - is reached when listed exactly, or when its address is listed', async () => {
    const exact = await run(`curl -s -m 5 http://api.example.test:${listed.port}/`, {
      allowedHosts: hosts(`api.example.test:${listed.port}`),
      lookup: toLoopback,
    });
    expect(exact.output.view).toContain('HELLO-FROM-TARGET');
    const byAddress = await run(`curl -s -m 5 -p http://api.example.test:${listed.port}/`, {
      allowedHosts: hosts(`*.example.test:${listed.port}`, `127.0.0.1:${listed.port}`),
      lookup: toLoopback,
    });
    expect(byAddress.output.view).toContain('HELLO-FROM-TARGET');
    expect(listed.hits).toBe(2);
  });

  it.each([
    ['decimal', (p: number) => `http://2130706433:${p}/`],
    ['hex', (p: number) => `http://0x7f.0.0.1:${p}/`],
    ['short', (p: number) => `http://127.1:${p}/`],
    ['IPv4-mapped IPv6', (p: number) => `http://[::ffff:127.0.0.1]:${p}/`],
    ['IPv6 loopback', (p: number) => `http://[::1]:${p}/`],
  ])('an unlisted IP literal (%s) - is refused with a name listed, no hit', async (_name, url) => {
    const r = await run(
      `curl -s -m 5 -w ' status=%{http_code}' '${url(listed.port)}'; curl -s -m 5 -p '${url(listed.port)}' || echo CONNECT-FAILED`,
      { allowedHosts: hosts(`localhost:${listed.port}`) },
    );
    expect(listed.hits).toBe(0);
    expect(r.output.view).toContain('status=403');
    expect(r.output.view).toContain('CONNECT-FAILED');
    expect(r.proxy?.allowedCount).toBe(0);
  });

  it('the filter cannot start - the command does not run, and the error says why', async () => {
    await expect(
      run('touch ran.txt', {
        allowedHosts: hosts(`127.0.0.1:${listed.port}`),
        proxyParentDir: path.join(root, 'missing', 'folder'),
      }),
    ).rejects.toThrow(/network filter for the allowed hosts could not start.*not run/u);
    const { existsSync } = await import('node:fs');
    expect(existsSync(path.join(root, 'ran.txt'))).toBe(false);
  });

  it('the bridge cannot start inside - the command is told it has no network, no hit', async () => {
    const r = await run(`curl -s -m 3 http://127.0.0.1:${listed.port}/ || echo CURL-FAILED`, {
      allowedHosts: hosts(`127.0.0.1:${listed.port}`),
      nodePath: '/nonexistent/node',
    });
    expect(r.output.view).toContain('the network proxy did not start inside the sandbox');
    expect(r.output.view).toContain('CURL-FAILED');
    expect(listed.hits).toBe(0);
  });
});
