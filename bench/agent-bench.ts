// Agent loop overhead: the time from the fake server writing `message_stop` to it receiving the
// next request, minus the time spent inside the tool, for Sluice's loop (runAgentTurn) and for
// the SDK's toolRunner (`thread: false`, streaming) on the same fake server, the same scripted
// conversation (N rounds of one no-op tool call, then a text answer) and the same client
// settings. Runs alternate between the two so machine noise hits both alike. Goal: ≤ 1.1×.
import Anthropic from '@anthropic-ai/sdk';
import { betaTool } from '@anthropic-ai/sdk/helpers/beta/json-schema';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { runAgentTurn } from '../src/main/core/agent/agent-loop';
import { defineTool, ok } from '../src/main/core/tools/tool';
import { Workspace } from '../src/main/core/workspace/workspace';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
  type RecordedRequest,
} from '../tests/support/fake-anthropic-server';
import type { BenchTable } from './bench-table';

const ROUNDS = 20;
const REPEATS = 11;
const MODEL = 'claude-sonnet-5-5';

function toolResultsIn(request: RecordedRequest): number {
  return (request.body.messages ?? []).reduce(
    (n, m) =>
      Array.isArray(m.content)
        ? n + (m.content as { type?: string }[]).filter((b) => b.type === 'tool_result').length
        : n,
    0,
  );
}

/** Round gaps (ms, tool time removed) of the requests from `first` on. */
function gaps(server: FakeAnthropicServer, first: number, toolNs: bigint[]): number[] {
  const out: number[] = [];
  for (let i = first + 1; i < server.requests.length; i += 1) {
    const stop = server.messageStops[i - 1];
    const next = server.requests[i];
    if (stop === undefined || next === undefined) continue;
    const tool = toolNs[i - first - 1] ?? 0n;
    out.push(Number(next.receivedAtNs - stop - tool) / 1e6);
  }
  return out;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function runSluice(client: Anthropic, workspace: Workspace, toolNs: bigint[]): Promise<void> {
  const noop = defineTool({
    name: 'noop',
    description: 'Does nothing.',
    schema: z.object({ n: z.number() }),
    kind: 'read',
    label: () => 'noop',
    async run() {
      const start = process.hrtime.bigint();
      const result = ok('done');
      toolNs.push(process.hrtime.bigint() - start);
      return result;
    },
  });
  const turn = runAgentTurn({
    client,
    model: MODEL,
    conversationId: 'bench',
    turnId: 'bench',
    history: [],
    userText: 'go',
    system: 'bench',
    tools: [noop],
    ports: { workspace },
    maxRounds: ROUNDS + 5,
  });
  for (;;) {
    const next = await turn.next();
    if (next.done) {
      if (next.value.reason !== 'end_turn')
        throw new Error(`Sluice loop ended with ${next.value.reason}: ${next.value.message ?? ''}`);
      return;
    }
  }
}

async function runToolRunner(client: Anthropic, toolNs: bigint[]): Promise<void> {
  const noop = betaTool({
    name: 'noop',
    description: 'Does nothing.',
    inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    run: () => {
      const start = process.hrtime.bigint();
      const result = 'done';
      toolNs.push(process.hrtime.bigint() - start);
      return result;
    },
  });
  const runner = client.beta.messages.toolRunner({
    model: MODEL,
    max_tokens: 8192,
    messages: [{ role: 'user', content: 'go' }],
    system: 'bench',
    tools: [noop],
    stream: true,
    thread: false,
    max_iterations: ROUNDS + 5,
  });
  for await (const stream of runner) {
    for await (const event of stream) void event;
  }
}

export async function run(): Promise<BenchTable> {
  const server = await startFakeAnthropicServer();
  const root = await mkdtemp(path.join(os.tmpdir(), 'sluice-agent-bench-'));
  try {
    server.setFallback((request) => {
      const done = toolResultsIn(request);
      return done < ROUNDS
        ? reply([toolUse('noop', { n: done })], { chunkSize: 64 })
        : reply('finished', { chunkSize: 64 });
    });
    const workspace = await Workspace.open(root);
    const client = new Anthropic({ apiKey: 'bench', baseURL: server.baseURL, maxRetries: 0 });
    const sluice: number[] = [];
    const runner: number[] = [];
    // One warm-up each (JIT, connection pool), not measured.
    await runSluice(client, workspace, []);
    await runToolRunner(client, []);
    for (let i = 0; i < REPEATS; i += 1) {
      for (const which of i % 2 === 0
        ? (['sluice', 'runner'] as const)
        : (['runner', 'sluice'] as const)) {
        const first = server.requests.length;
        const toolNs: bigint[] = [];
        if (which === 'sluice') {
          await runSluice(client, workspace, toolNs);
          sluice.push(...gaps(server, first, toolNs));
        } else {
          await runToolRunner(client, toolNs);
          runner.push(...gaps(server, first, toolNs));
        }
      }
    }
    const row = (name: string, values: number[]) => [
      name,
      values.length,
      quantile(values, 0.5),
      quantile(values, 0.9),
      values.reduce((a, b) => a + b, 0) / values.length,
    ];
    const ratio = quantile(sluice, 0.5) / quantile(runner, 0.5);
    return {
      title: `Agent loop overhead: message_stop → next request, tool time excluded (${ROUNDS} rounds × ${REPEATS} runs)`,
      columns: ['loop', 'rounds', 'median ms', 'p90 ms', 'mean ms'],
      rows: [
        row('Sluice runAgentTurn', sluice),
        row('SDK toolRunner (thread: false)', runner),
        ['ratio (median)', '', ratio, '', ''],
      ],
      notes: [
        `goal: Sluice ≤ 1.1× toolRunner (median); measured ${ratio.toFixed(2)}×`,
        'same fake server, client and scripted conversation; runs alternate',
      ],
    };
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}
