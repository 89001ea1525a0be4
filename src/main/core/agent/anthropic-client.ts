// The one place Sluice makes an Anthropic client. Retries, backoff and SSE parsing are the
// SDK's; Sluice only adds a per-request guard (see requestGuard) so retries are visible as
// events and a spend-limit 429 is never retried.
import Anthropic, { type Middleware } from '@anthropic-ai/sdk';
import { SPEND_LIMIT_PATTERN } from './api-errors';

export interface AnthropicClientOptions {
  apiKey: string;
  /** ANTHROPIC_BASE_URL; the SDK default when absent. */
  baseURL?: string | undefined;
  /** SDK retries for 408/409/429/5xx/connection errors. Default 4. */
  maxRetries?: number;
  /** Per-request timeout in ms. Default 10 minutes (the SDK's). */
  timeoutMs?: number;
}

export const DEFAULT_MAX_RETRIES = 4;

/** The client cannot be made from what the person configured; `kind` is the AgentEvent error kind. */
export class AnthropicConfigError extends Error {
  override readonly name = 'AnthropicConfigError';
  constructor(
    readonly kind: 'api_key' | 'base_url',
    message: string,
  ) {
    super(message);
  }
}

export function createAnthropicClient(options: AnthropicClientOptions): Anthropic {
  if (!options.apiKey) {
    throw new AnthropicConfigError(
      'api_key',
      'No Anthropic API key: set ANTHROPIC_API_KEY (CLI) or add the key in Settings (app).',
    );
  }
  if (options.baseURL) checkBaseUrl(options.baseURL);
  return new Anthropic({
    apiKey: options.apiKey,
    // Never let the SDK pick up a key, token or profile from elsewhere: the key is what the person gave.
    authToken: null,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
  });
}

/** A base URL must be an absolute http(s) URL; anything else is refused before a request. */
export function checkBaseUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AnthropicConfigError(
      'base_url',
      `The Anthropic base URL "${value}" is not a URL: fix ANTHROPIC_BASE_URL or Settings.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AnthropicConfigError(
      'base_url',
      `The Anthropic base URL "${value}" must start with http:// or https://.`,
    );
  }
}

export interface RetryNotice {
  /** 1-based number of the retry about to happen. */
  attempt: number;
  reason: string;
}

function retryableStatus(response: Response): boolean {
  const header = response.headers.get('x-should-retry');
  if (header === 'false') return false;
  if (header === 'true') return true;
  return (
    response.status === 408 ||
    response.status === 409 ||
    response.status === 429 ||
    response.status >= 500
  );
}

function describeStatus(status: number): string {
  if (status === 529) return 'API overloaded (HTTP 529)';
  if (status === 429) return 'rate limited (HTTP 429)';
  return `HTTP ${status}`;
}

/**
 * Runs per HTTP attempt inside the SDK's retry loop. Contract: never changes a successful
 * response; marks a spend-limit 429 `x-should-retry: false`; calls onRetry before each retry
 * the SDK is about to make.
 */
export function requestGuard(
  maxRetries: number,
  onRetry: (notice: RetryNotice) => void,
): Middleware {
  return async (request, next) => {
    const attempt = Number(new Headers(request.headers).get('x-stainless-retry-count') ?? '0') || 0;
    let response: Response;
    try {
      response = await next(request);
    } catch (error) {
      if (attempt < maxRetries)
        onRetry({
          attempt: attempt + 1,
          reason: `connection failed (${error instanceof Error ? error.message : String(error)})`,
        });
      throw error;
    }
    if (response.ok) return response;
    if (response.status === 429) {
      const body = await response
        .clone()
        .text()
        .catch(() => '');
      if (SPEND_LIMIT_PATTERN.test(body)) {
        const headers = new Headers(response.headers);
        headers.set('x-should-retry', 'false');
        return new Response(response.body, {
          status: response.status,
          statusText: response.statusText,
          headers,
        });
      }
    }
    if (retryableStatus(response) && attempt < maxRetries)
      onRetry({ attempt: attempt + 1, reason: describeStatus(response.status) });
    return response;
  };
}
