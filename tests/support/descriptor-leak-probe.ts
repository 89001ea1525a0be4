// Run as a child by child-descriptors.test.ts with a connected socket at fd 200 (what a
// careless launcher leaves open). Starts each kind of child Sluice starts, each of which tries
// to write to fd 200 and says what fd 200 is; prints one JSON object of what they said.
import { detectBubblewrap } from '../../src/main/core/sandbox/bubblewrap';
import { runCommand } from '../../src/main/core/commands/command-runner';
import { runProcess } from '../../src/main/core/commands/command-process';
import { McpStdioTransport } from '../../src/main/core/mcp-client/mcp-stdio-transport';
import { parseHostList, type HostPattern } from '../../src/shared/network-hosts';

const root = process.argv[2] as string;
const PROBE = `node -e "const fs=require('fs');let s='';try{s=fs.readlinkSync('/proc/self/fd/200')}catch(e){s=e.code}try{fs.writeSync(200,'LEAK from '+process.argv[1]+'\\\\n');s+=' written'}catch(e){s+=' '+e.code}console.log('fd200='+s)"`;

async function main(): Promise<void> {
  const said: Record<string, string> = {};
  const signal = new AbortController().signal;
  const plain = await runProcess({
    file: '/bin/sh',
    args: ['-c', PROBE.replace('process.argv[1]', "'plain'")],
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    timeoutMs: 20_000,
    signal,
    maxOutputBytes: 1 << 20,
  });
  said.plain = plain.output.view.trim();
  const sandbox = detectBubblewrap();
  if (sandbox.available) {
    for (const network of ['off', 'full', 'hosts'] as const) {
      const r = await runCommand({
        command: PROBE.replace('process.argv[1]', `'sandboxed ${network}'`),
        root,
        cwd: root,
        timeoutMs: 20_000,
        network: network === 'full',
        // A host list adds the proxy bridge's IPC descriptor after the seccomp one.
        ...(network === 'hosts'
          ? { allowedHosts: parseHostList(['example.com']) as HostPattern[] }
          : {}),
        sandbox,
        signal,
        killGraceMs: 500,
      });
      said[`sandboxed network ${network}`] = r.output.view.trim();
    }
  }
  const transport = new McpStdioTransport({
    command: process.execPath,
    args: [
      '-e',
      "const fs=require('fs');let s='';try{s=fs.readlinkSync('/proc/self/fd/200')}catch(e){s=e.code}try{fs.writeSync(200,'LEAK from mcp\\n');s+=' written'}catch(e){s+=' '+e.code}process.stderr.write('fd200='+s+'\\n')",
    ],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  let stderr = '';
  transport.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await transport.start();
  await closed;
  said.mcp = stderr.trim();
  process.stdout.write(JSON.stringify(said));
}

void main();
