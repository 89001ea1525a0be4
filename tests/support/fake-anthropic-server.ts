// Entry point for tests and benches: the fake Anthropic Messages server and its reply builders.
export {
  startFakeAnthropicServer,
  type FakeAnthropicServer,
  type FakeServerOptions,
} from './fake-anthropic/server';
export * from './fake-anthropic/scripted-reply';
export { sseSequence, encodeSse, messageJson } from './fake-anthropic/sse-events';
