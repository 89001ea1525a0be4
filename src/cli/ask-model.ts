// The model a `sluice ask` run talks to, live or in propose mode: the options both forms take,
// the --model flag, checked before anything is opened, and the client, whose key and endpoint
// come from the environment.
import type Anthropic from '@anthropic-ai/sdk';
import { createAnthropicClient } from '../main/core/agent/anthropic-client';
import { UsageError, type CliIo } from './cli-io';

/** The options of every form of `ask`; propose mode adds its own (background runs). */
export const ASK_OPTIONS = {
  project: { type: 'string' },
  mode: { type: 'string' },
  model: { type: 'string' },
  'max-turns': { type: 'string' },
  conversation: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;

/** Refuses a --model that cannot be a model name (before it reaches the API or the DB). */
export function checkModelFlag(model: string | undefined): void {
  if (model !== undefined && !/^[A-Za-z0-9._:@-]{1,100}$/.test(model))
    throw new UsageError(`--model "${model}" is not a model name.`);
}

/** A client from ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL; `maxRetries` only when given (tests). */
export function createEnvClient(io: CliIo, maxRetries: number | undefined): Anthropic {
  return createAnthropicClient({
    apiKey: io.env.ANTHROPIC_API_KEY ?? '',
    baseURL: io.env.ANTHROPIC_BASE_URL,
    ...(maxRetries !== undefined ? { maxRetries } : {}),
  });
}
