// Shared set-up for agent tests: a temp project, the fake Anthropic server, the real SDK with
// fast retries, and small test tools injected into the loop (the real tool files belong to
// other engineers; the loop only needs ToolDefinitions).
import Anthropic from '@anthropic-ai/sdk';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import {
  runAgentTurn,
  type AgentTurnOptions,
  type TurnOutcome,
} from '../../../../src/main/core/agent/agent-loop';
import {
  defineTool,
  ok,
  toolError,
  type ToolDefinition,
} from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  startFakeAnthropicServer,
  type FakeAnthropicServer,
} from '../../../support/fake-anthropic-server';

export interface Harness {
  server: FakeAnthropicServer;
  client: Anthropic;
  root: string;
  workspace: Workspace;
  close(): Promise<void>;
}

export async function startHarness(
  files: Record<string, string> = {},
  maxRetries = 2,
): Promise<Harness> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sluice-agent-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), content);
  }
  const server = await startFakeAnthropicServer();
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.baseURL, maxRetries });
  const workspace = await Workspace.open(root);
  return {
    server,
    client,
    root,
    workspace,
    close: async () => {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export const readFileTool = defineTool({
  name: 'read_file',
  description: 'Reads a text file of the project.',
  schema: z.object({ path: z.string().min(1) }).strict(),
  kind: 'read',
  label: (input) => `Reading ${input.path}`,
  run: async (input, ctx) => ok(await ctx.workspace.readText(input.path)),
});

export const searchFilesTool = defineTool({
  name: 'search_files',
  description: 'Finds lines matching a literal text in the project files.',
  schema: z.object({ query: z.string().min(1) }).strict(),
  kind: 'read',
  label: (input) => `Searching for '${input.query}'`,
  async run(input, ctx) {
    const listing = await ctx.workspace.listFiles({});
    const hits: string[] = [];
    for (const file of listing.files) {
      const lines = (await ctx.workspace.readText(file)).split('\n');
      lines.forEach((line, i) => {
        if (line.includes(input.query)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    return hits.length ? ok(hits.join('\n')) : toolError(`No match for '${input.query}'.`);
  },
});

/** A read tool that records when each call starts and ends (to prove overlap). */
export function createSlowReadTool(
  log: { id: string; start: number; end: number }[],
  delayMs = 60,
): ToolDefinition {
  return defineTool({
    name: 'slow_read',
    description: 'Reads slowly.',
    schema: z.object({ id: z.string() }).strict(),
    kind: 'read',
    label: (input) => `Slow read ${input.id}`,
    async run(input) {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      log.push({ id: input.id, start, end: performance.now() });
      return ok(`read ${input.id}`);
    },
  });
}

/** A write tool that records the order and overlap of its calls; writes nothing to disk. */
export function createNoteTool(
  log: { id: string; start: number; end: number }[],
  delayMs = 20,
): ToolDefinition {
  return defineTool({
    name: 'write_note',
    description: 'Records a note (a write tool).',
    schema: z.object({ id: z.string() }).strict(),
    kind: 'write',
    label: (input) => `Writing note ${input.id}`,
    async run(input, ctx) {
      const start = performance.now();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (ctx.signal.aborted) return toolError('aborted before writing');
      log.push({ id: input.id, start, end: performance.now() });
      return ok(`noted ${input.id}`);
    },
  });
}

export async function collect(
  generator: AsyncGenerator<AgentEvent, TurnOutcome>,
  onEvent?: (event: AgentEvent) => void,
): Promise<{ events: AgentEvent[]; outcome: TurnOutcome }> {
  const events: AgentEvent[] = [];
  for (;;) {
    const next = await generator.next();
    if (next.done) return { events, outcome: next.value };
    events.push(next.value);
    onEvent?.(next.value);
  }
}

export function turnOptions(
  h: Harness,
  overrides: Partial<AgentTurnOptions> = {},
): AgentTurnOptions {
  return {
    client: h.client,
    model: 'claude-sonnet-5-5',
    conversationId: 'c1',
    turnId: 't1',
    history: [],
    userText: 'hello',
    system: 'You are a test.',
    tools: [readFileTool, searchFilesTool],
    ports: { workspace: h.workspace },
    ...overrides,
  };
}

export function runTurn(
  h: Harness,
  overrides: Partial<AgentTurnOptions> = {},
  onEvent?: (event: AgentEvent) => void,
) {
  return collect(runAgentTurn(turnOptions(h, overrides)), onEvent);
}

export function ofType<T extends AgentEvent['type']>(
  events: AgentEvent[],
  type: T,
): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

export function textOf(events: AgentEvent[]): string {
  return ofType(events, 'text_delta')
    .map((e) => e.text)
    .join('');
}
