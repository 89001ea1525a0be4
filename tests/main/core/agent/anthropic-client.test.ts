import { describe, expect, it } from 'vitest';
import {
  AnthropicConfigError,
  createAnthropicClient,
} from '../../../../src/main/core/agent/anthropic-client';

describe('createAnthropicClient', () => {
  it('no key - AnthropicConfigError of kind api_key naming where to set it', () => {
    const error = (() => {
      try {
        createAnthropicClient({ apiKey: '' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AnthropicConfigError);
    expect((error as AnthropicConfigError).kind).toBe('api_key');
    expect((error as Error).message).toContain('ANTHROPIC_API_KEY');
  });

  it.each(['not a url', 'ftp://example.com', 'file:///etc/passwd', '127.0.0.1:8080'])(
    'base URL %s - refused as base_url before any request',
    (baseURL) => {
      expect(() => createAnthropicClient({ apiKey: 'k', baseURL })).toThrow(AnthropicConfigError);
      try {
        createAnthropicClient({ apiKey: 'k', baseURL });
      } catch (e) {
        expect((e as AnthropicConfigError).kind).toBe('base_url');
      }
    },
  );

  it('http(s) base URL - accepted', () => {
    expect(createAnthropicClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' }).baseURL).toBe(
      'http://127.0.0.1:9',
    );
  });
});
