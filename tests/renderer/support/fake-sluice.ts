// A fake SluiceClient for component tests: the real createContractClient over an in-memory
// transport that validates every payload against the contract (a wrong payload fails the
// test), records calls, answers from overridable handlers and lets the test emit events.
import { act } from '@testing-library/react';
import {
  channelName,
  createContractClient,
  sluiceContract,
  type ContractTransport,
  type SluiceClient,
  type SluiceContract,
  type SluiceEventName,
  type WireResult,
} from '../../../src/shared/contract';
import type { z } from 'zod';
import { DEFAULT_DIAGNOSTICS_SETTINGS } from '../../../src/shared/diagnostics-settings';

type Services = SluiceContract['services'];
export type Channel = {
  [S in keyof Services & string]: `${S}.${keyof Services[S] & string}`;
}[keyof Services & string];

type SpecOf<C extends Channel> = C extends `${infer S}.${infer M}`
  ? S extends keyof Services
    ? M extends keyof Services[S]
      ? Services[S][M]
      : never
    : never
  : never;

type InputOf<C extends Channel> =
  SpecOf<C> extends { input: z.ZodType } ? z.output<SpecOf<C>['input']> : never;
type OutputOf<C extends Channel> =
  SpecOf<C> extends { output: z.ZodType } ? z.input<SpecOf<C>['output']> : never;

export type Handler<C extends Channel> = (input: InputOf<C>) => OutputOf<C> | Promise<OutputOf<C>>;

export interface RecordedCall {
  channel: string;
  payload: unknown;
}

export const sampleProject = { id: 'p1', root: '/home/me/demo', name: 'demo', lastOpenedAt: 1 };

export const sampleSettings = {
  model: 'claude-sonnet-5-5',
  baseUrl: null,
  hasApiKey: true,
  keyStorage: 'safeStorage' as const,
  maxTurns: 25,
  theme: 'dark' as const,
  diagnostics: DEFAULT_DIAGNOSTICS_SETTINGS,
  backgroundParallel: 2,
};

const defaults: { [C in Channel]?: Handler<C> } = {
  'project.current': () => sampleProject,
  'mcp.list': () => ({ servers: [], notices: [] }),
  'hooks.list': () => ({ hooks: [], problems: [] }),
  'hooks.recentRuns': () => ({ runs: [] }),
  'project.recent': () => [],
  'project.tree': () => ({ entries: [], truncated: false }),
  'project.commands': () => ({ commands: [], skipped: [] }),
  'agent.listConversations': () => [],
  'agent.getConversation': ({ conversationId }) => ({
    id: conversationId,
    projectId: 'p1',
    title: 'A conversation',
    createdAt: 1,
    updatedAt: 1,
    items: [],
    usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 },
    running: false,
    canContinue: false,
  }),
  'agent.send': ({ conversationId }) => ({ conversationId: conversationId ?? 'c1', turnId: 't1' }),
  'agent.abort': () => ({ aborted: true }),
  'approvals.pending': () => [],
  'approvals.decide': () => ({ accepted: true }),
  // Nothing checks the fake's project: a change set's selection has no evidence.
  'proposals.checkSelection': () => null,
  // Nothing checks the fake's project: a selection's evidence is null, at once.
  'approvals.checkDecision': () => ({
    accepted: true,
    textHash: 't',
    evidence: null,
    complete: true,
  }),
  'approvals.getPolicy': () => ({ mode: 'ask', rules: [], approveWhenClean: false }),
  'approvals.auditSummary': ({ sinceDays }) => ({
    sinceDays: sinceDays ?? null,
    files: { asked: 0, appliedClean: 0, heldBack: 0, rejected: 0, appliedUnasked: 0, denied: 0 },
    commands: { asked: 0, rejected: 0, ranUnasked: 0, denied: 0 },
  }),
  'approvals.pendingCommands': () => [],
  'approvals.pendingToolCalls': () => [],
  'approvals.decideCommand': () => ({ accepted: true }),
  'approvals.commandRules': () => [],
  'approvals.networkRules': () => [],
  'checkpoints.list': () => [],
  'symbols.status': () => ({
    files: 3,
    symbols: 10,
    imports: 4,
    indexing: false,
    done: 3,
    total: 3,
  }),
  'symbols.search': () => [],
  'symbols.diagnosticsMemory': () => ({ services: [] }),
  'symbols.searchFiles': () => [],
  'settings.get': () => sampleSettings,
  'proposals.list': () => [],
  'git.commitEachTurn': ({ on }) => ({ on: on ?? false }),
  'git.worktrees': () => ({
    repository: false,
    message: 'This project is not a git repository, so it has no worktrees.',
  }),
};

export interface FakeSluice {
  client: SluiceClient;
  calls: RecordedCall[];
  /** Payloads that failed the contract's input schema (should stay empty). */
  invalid: RecordedCall[];
  callsTo<C extends Channel>(channel: C): InputOf<C>[];
  handle<C extends Channel>(channel: C, handler: Handler<C>): void;
  emit<K extends SluiceEventName>(event: K, payload: z.input<SluiceContract['events'][K]>): void;
  listenerCount(event: string): number;
}

export function createFakeSluice(): FakeSluice {
  const handlers = new Map<string, (input: never) => unknown>(
    Object.entries(defaults) as [string, (input: never) => unknown][],
  );
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: RecordedCall[] = [];
  const invalid: RecordedCall[] = [];

  const transport: ContractTransport = {
    async invoke(channel, payload): Promise<WireResult> {
      const [service, method] = channel.split('.') as [string, string];
      const spec = (
        sluiceContract.services as Record<
          string,
          Record<string, { input: z.ZodType; output: z.ZodType }>
        >
      )[service]?.[method];
      if (!spec || channelName(service, method) !== channel) {
        return {
          ok: false,
          error: { name: 'UnknownMethodError', message: `Unknown method "${channel}".` },
        };
      }
      const parsed = spec.input.safeParse(payload);
      if (!parsed.success) {
        invalid.push({ channel, payload });
        return {
          ok: false,
          error: {
            name: 'InvalidInputError',
            message: `Invalid input for ${channel}: ${parsed.error.message}`,
          },
        };
      }
      calls.push({ channel, payload: parsed.data });
      const handler = handlers.get(channel);
      if (!handler)
        return {
          ok: false,
          error: { name: 'Error', message: `The fake has no handler for ${channel}.` },
        };
      try {
        const value = await handler(parsed.data as never);
        return { ok: true, value: spec.output.parse(value) };
      } catch (error) {
        return {
          ok: false,
          error: {
            name: error instanceof Error ? error.name : 'Error',
            message: error instanceof Error ? error.message : String(error),
          },
        };
      }
    },
    subscribe(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
  };

  return {
    client: createContractClient(sluiceContract, transport),
    calls,
    invalid,
    callsTo: (channel) =>
      calls.filter((call) => call.channel === channel).map((call) => call.payload) as never,
    handle: (channel, handler) => handlers.set(channel, handler as (input: never) => unknown),
    emit(event, payload) {
      const checked = sluiceContract.events[event].parse(payload);
      act(() => {
        for (const listener of listeners.get(event) ?? []) listener(checked);
      });
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
  };
}
