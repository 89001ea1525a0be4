// /model's question to the API, through the real SDK against the fake Messages API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicClient } from '../../../src/main/core/agent/anthropic-client';
import { checkModel, checkModelFromEnv } from '../../../src/cli/session/model-check';
import {
  startFakeAnthropicServer,
  type FakeAnthropicServer,
} from '../../support/fake-anthropic-server';

let server: FakeAnthropicServer;
beforeEach(async () => {
  server = await startFakeAnthropicServer();
});
afterEach(() => server.close());

const client = () => createAnthropicClient({ apiKey: 'test-key', baseURL: server.baseURL });

describe('checkModel', () => {
  it('a model the API has - found, with its display name', async () => {
    expect(await checkModel(client(), 'claude-opus-4-1')).toEqual({
      kind: 'found',
      displayName: 'Fake claude-opus-4-1',
    });
    expect(server.requests.at(-1)?.path).toBe('/v1/models/claude-opus-4-1');
  });

  it('a name the API does not have - absent, saying so', async () => {
    expect(await checkModel(client(), 'claude-opsu-4-1')).toEqual({
      kind: 'absent',
      message: 'the API has no model "claude-opsu-4-1" (HTTP 404)',
    });
  });

  it('an API that cannot be reached - unchecked, once (no retries), with the reason', async () => {
    const baseURL = server.baseURL;
    await server.close();
    const offline = createAnthropicClient({ apiKey: 'test-key', baseURL });
    expect(await checkModel(offline, 'claude-opus-4-1')).toEqual({
      kind: 'unchecked',
      reason: 'the API could not be reached',
    });
  });
});

describe('checkModelFromEnv', () => {
  it('no client (no API key) - unchecked, saying why', async () => {
    const check = await checkModelFromEnv(() => {
      throw new Error('No Anthropic API key: set ANTHROPIC_API_KEY.');
    }, 'claude-opus-4-1');
    expect(check).toEqual({
      kind: 'unchecked',
      reason: 'No Anthropic API key: set ANTHROPIC_API_KEY.',
    });
  });
});
