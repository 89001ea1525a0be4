// A program for check-client-kill.test.ts, run as its own Node process (`node --import tsx`),
// since only a process of its own shows what Node does when nothing is left to run: a checker
// whose answer is read after kill() must still be awaited to its end, or `await exited` never
// settles and Node exits 13 ("unsettled top-level await") instead of printing "settled".
// The checker is a small Node program that says hello and answers every request at once.
import { spawn } from 'node:child_process';
import {
  connectCheckClient,
  type CheckerChild,
  type CheckerExit,
} from '../../src/main/core/diagnostics/typescript/check-client';

const checker = `
const hello = { ready: true, compiler: { kind: 'language-service', version: '6.0.0', owner: 'sluice', modulePath: '/none', readableDirs: [] } };
process.stdout.write(JSON.stringify(hello) + '\\n');
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  if (request.id) process.stdout.write(JSON.stringify({ id: request.id, kind: 'cancelled', heapBytes: 0, stats: {} }) + '\\n');
});`;

const child = spawn(process.execPath, ['-e', checker], { detached: true });
const exited = new Promise<CheckerExit>((resolve) =>
  child.on('close', (code, signal) => resolve({ code, signal, reason: 'killed' })),
);
const process_: CheckerChild = {
  child,
  exited,
  kill: () => {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  },
};
const client = await connectCheckClient(process_, 256, 10_000);
if (typeof client === 'string') throw new Error(client);
void client.ask({ kind: 'project' }, new AbortController().signal);
// The answer reaches the pipe while this thread is busy, so it is read only after kill().
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
client.kill();
await client.exited;
process.stdout.write('settled\n');
