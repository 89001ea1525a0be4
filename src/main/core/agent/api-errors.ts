// Every way a request to the Anthropic API can fail, turned into a plain message that says
// what happened and what to do. The SDK has already retried what is worth retrying (429, 529,
// 5xx and connection errors before headers) by the time an error reaches here.
import Anthropic from '@anthropic-ai/sdk';

export type ApiFailureKind =
  | 'api_key'
  | 'spend_limit'
  | 'rate_limit'
  | 'overloaded'
  | 'server'
  | 'network'
  | 'stream'
  | 'context_window'
  | 'invalid_request'
  | 'internal';

export interface ApiFailure {
  kind: ApiFailureKind;
  message: string;
  /** Trying the same turn again later may succeed. */
  retryable: boolean;
}

/**
 * A 429 whose message names a usage/spend limit or the credit balance: waiting a few seconds
 * does not help, so the request guard marks it `x-should-retry: false` before the SDK's
 * retry loop sees it, and the person is told to raise the limit.
 */
export const SPEND_LIMIT_PATTERN = /usage limit|spend(ing)? limit|credit balance|billing/i;

const PROMPT_TOO_LONG = /prompt is too long|context window|too many (input )?tokens/i;

function apiMessage(error: InstanceType<typeof Anthropic.APIError>): string {
  const body = error.error as { error?: { message?: unknown } } | undefined;
  const inner = body?.error?.message;
  return typeof inner === 'string' ? inner : error.message;
}

export function isAbortError(error: unknown): boolean {
  return (
    error instanceof Anthropic.APIUserAbortError ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

export function classifyApiError(error: unknown): ApiFailure {
  if (
    error instanceof Anthropic.AuthenticationError ||
    error instanceof Anthropic.PermissionDeniedError
  ) {
    return {
      kind: 'api_key',
      message: `The Anthropic API refused the API key (HTTP ${error.status}: ${apiMessage(error)}). Set a valid key in ANTHROPIC_API_KEY (CLI) or in Settings (app) and try again.`,
      retryable: false,
    };
  }
  if (error instanceof Anthropic.RateLimitError) {
    const detail = apiMessage(error);
    if (SPEND_LIMIT_PATTERN.test(detail)) {
      return {
        kind: 'spend_limit',
        message: `Your Anthropic account reached its spend limit (${detail}). Sluice does not retry this: raise the limit or add credit in the Anthropic Console, or wait until it resets.`,
        retryable: false,
      };
    }
    return {
      kind: 'rate_limit',
      message: `Rate limited by the Anthropic API after retrying (${detail}). Wait a minute and retry.`,
      retryable: true,
    };
  }
  if (error instanceof Anthropic.APIConnectionError) {
    return {
      kind: 'network',
      message: `Could not reach the Anthropic API after retrying (${error.message}). Check the network (and ANTHROPIC_BASE_URL if set), then retry.`,
      retryable: true,
    };
  }
  if (error instanceof Anthropic.APIError) {
    const detail = apiMessage(error);
    if (error.status === undefined) {
      return {
        kind: 'stream',
        message: `The Anthropic API reported an error in the middle of the reply (${detail}). No tool was run and the partial reply was discarded; retry to send the turn again.`,
        retryable: true,
      };
    }
    if (error.status === 529) {
      return {
        kind: 'overloaded',
        message: `The Anthropic API is overloaded (HTTP 529) and stayed so through every retry. Retry in a little while.`,
        retryable: true,
      };
    }
    if (error.status >= 500) {
      return {
        kind: 'server',
        message: `The Anthropic API failed (HTTP ${error.status}: ${detail}) through every retry. Retry in a little while.`,
        retryable: true,
      };
    }
    if (error.status === 400 && PROMPT_TOO_LONG.test(detail)) {
      return {
        kind: 'context_window',
        message: `The conversation no longer fits the model's context window (${detail}). Start a new conversation, or ask for a smaller piece of work.`,
        retryable: false,
      };
    }
    return {
      kind: 'invalid_request',
      message: `The Anthropic API rejected the request (HTTP ${error.status}: ${detail}).`,
      retryable: false,
    };
  }
  if (error instanceof Error) {
    // The SDK raises a plain error (or undici's "terminated") when the SSE body ends early.
    return {
      kind: 'stream',
      message: `The connection to the Anthropic API broke while the reply was streaming (${error.message}). No tool was run and the partial reply was discarded; retry to send the turn again.`,
      retryable: true,
    };
  }
  return { kind: 'internal', message: `Unexpected failure: ${String(error)}`, retryable: false };
}
