import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultParallel } from '../../../../src/main/core/runs/run-queue';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ContractErrorName,
  createDispatcher,
  defineContract,
  settingsService,
} from '../../../../src/shared/contract';
import { appDatabasePath, openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';
import { createAppSettings } from '../../../../src/main/core/services/app-settings';
import { createSettingsHandlers } from '../../../../src/main/core/services/settings-handlers';
import { DEFAULT_DIAGNOSTICS_SETTINGS } from '../../../../src/shared/diagnostics-settings';
import {
  createUnavailableSecretStore,
  type SecretStore,
} from '../../../../src/main/core/services/secret-store';

const KEY = 'sk-ant-test-0123456789abcdef';

/** A reversible fake cipher, so tests can prove the stored bytes are not the key. */
function fakeSecretStore(backend: 'safeStorage' | 'basic_text' = 'safeStorage'): SecretStore {
  const flip = (bytes: Uint8Array) => bytes.map((b) => b ^ 0x5a);
  return {
    availability: () => ({ kind: 'encrypted', backend }),
    encrypt: (plain) => flip(new TextEncoder().encode(plain)),
    decrypt: (blob) => new TextDecoder().decode(flip(blob)),
  };
}

let temp: string;
let db: WritableDb;
beforeEach(() => {
  temp = mkdtempSync(path.join(os.tmpdir(), 'sluice-settings-'));
  db = openAppDatabase({ home: temp });
});
afterEach(() => {
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

function build(options: { env?: Record<string, string>; secrets?: SecretStore } = {}) {
  const opened: string[] = [];
  const settings = createAppSettings({
    repository: createSettingsRepository(db),
    secrets: options.secrets ?? fakeSecretStore(),
    env: options.env ?? {},
    defaults: { model: 'default-model', maxTurns: 25 },
  });
  const handlers = createSettingsHandlers({
    settings,
    openExternal: async (url) => {
      opened.push(url);
    },
  });
  const dispatch = createDispatcher(
    defineContract({ services: { settings: settingsService }, events: {} }),
    {
      settings: handlers,
    },
  );
  return { settings, handlers, dispatch, opened };
}

describe('settings handlers', () => {
  it('get - defaults when nothing is stored', async () => {
    expect(await build().handlers.get({})).toEqual({
      model: 'default-model',
      baseUrl: null,
      hasApiKey: false,
      keyStorage: 'none',
      maxTurns: 25,
      theme: 'system',
      diagnostics: DEFAULT_DIAGNOSTICS_SETTINGS,
      backgroundParallel: defaultParallel(),
      backgroundImage: null,
    });
  });

  it('diagnostics - on by default; a language switch and the deadline are kept, the rest stay default', async () => {
    const { dispatch } = build();
    await dispatch('settings.set', { diagnostics: { languages: { python: false } } });
    await dispatch('settings.set', { diagnostics: { liveDeadlineMs: 5000 } });
    const again = build();
    expect((await again.handlers.get({})).diagnostics).toEqual({
      enabled: true,
      languages: { typescript: true, python: false, go: true, rust: true, java: true },
      liveDeadlineMs: 5000,
      checkerMemoryMb: 2048,
      checkerCpuSeconds: 120,
      checkerCeilingSeconds: 60,
    });
    expect(again.settings.diagnostics().languages.python).toBe(false);
    await dispatch('settings.set', { diagnostics: { checkerCeilingSeconds: 90 } });
    expect(build().settings.diagnostics().checkerCeilingSeconds).toBe(90);
    const refused = await dispatch('settings.set', { diagnostics: { checkerMemoryMb: 1 } });
    expect(refused.ok).toBe(false);
    await again.handlers.set({ diagnostics: { enabled: false } });
    expect(build().settings.diagnostics()).toMatchObject({ enabled: false, liveDeadlineMs: 5000 });
  });

  it('diagnostics - a deadline outside the bounds is refused by the contract', async () => {
    const { dispatch } = build();
    for (const liveDeadlineMs of [10, 600_000, 1.5]) {
      const answer = await dispatch('settings.set', { diagnostics: { liveDeadlineMs } });
      expect(answer.ok).toBe(false);
    }
    const answer = await dispatch('settings.set', { diagnostics: { languages: { cobol: false } } });
    expect(answer.ok).toBe(false);
  });

  it('set - stores and survives a restart', async () => {
    await build().handlers.set({
      model: 'm2',
      maxTurns: 9,
      theme: 'dark',
      baseUrl: 'https://proxy.test/v1',
    });
    expect(await build().handlers.get({})).toMatchObject({
      model: 'm2',
      maxTurns: 9,
      theme: 'dark',
      baseUrl: 'https://proxy.test/v1',
    });
    await build().handlers.set({ baseUrl: null });
    expect((await build().handlers.get({})).baseUrl).toBeNull();
  });

  it('setApiKey - encrypted at rest, never in any answer', async () => {
    const { dispatch, settings } = build();
    const answers = [
      await dispatch('settings.setApiKey', { key: KEY }),
      await dispatch('settings.get', {}),
      await dispatch('settings.set', { model: 'x' }),
    ];
    for (const answer of answers) {
      expect(answer.ok).toBe(true);
      expect(JSON.stringify(answer)).not.toContain(KEY);
    }
    expect(answers[1]).toMatchObject({
      ok: true,
      value: { hasApiKey: true, keyStorage: 'safeStorage' },
    });
    db.pragma('wal_checkpoint(TRUNCATE)');
    expect(readFileSync(appDatabasePath(temp)).includes(Buffer.from(KEY))).toBe(false);
    expect(settings.credentials().apiKey).toBe(KEY);
    expect(build().settings.credentials().apiKey).toBe(KEY);
  });

  it('setApiKey - reports the weak basic_text backend', async () => {
    const { handlers } = build({ secrets: fakeSecretStore('basic_text') });
    expect(await handlers.setApiKey({ key: KEY })).toMatchObject({
      hasApiKey: true,
      keyStorage: 'basic_text',
    });
  });

  it('setApiKey - without secure storage keeps the key for the session only', async () => {
    const { handlers, settings } = build({ secrets: createUnavailableSecretStore('no keyring') });
    expect(await handlers.setApiKey({ key: KEY })).toMatchObject({
      hasApiKey: true,
      keyStorage: 'memory',
    });
    expect(settings.credentials().apiKey).toBe(KEY);
    expect(createSettingsRepository(db).readSecret('anthropic-api-key')).toBeNull();
    expect(
      await build({ secrets: createUnavailableSecretStore('no keyring') }).handlers.get({}),
    ).toMatchObject({ hasApiKey: false });
  });

  it('setApiKey - refuses a key with whitespace inside, message without the key', async () => {
    const result = await build().dispatch('settings.setApiKey', { key: 'sk-ant abc' });
    expect(result).toMatchObject({ ok: false, error: { name: 'SettingsError' } });
    expect(JSON.stringify(result)).not.toContain('sk-ant abc');
  });

  it('clearApiKey - removes it', async () => {
    const { handlers, settings } = build();
    await handlers.setApiKey({ key: KEY });
    expect(await handlers.clearApiKey({})).toMatchObject({ hasApiKey: false, keyStorage: 'none' });
    expect(settings.credentials().apiKey).toBeNull();
  });

  it('an undecryptable blob reads as no key', async () => {
    await build().handlers.setApiKey({ key: KEY });
    const broken: SecretStore = {
      ...fakeSecretStore(),
      decrypt: () => {
        throw new Error('keyring changed');
      },
    };
    expect(await build({ secrets: broken }).handlers.get({})).toMatchObject({
      hasApiKey: false,
      keyStorage: 'none',
    });
  });

  it('environment - wins, reported as env, and cannot be overridden here', async () => {
    const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9999' };
    const { dispatch, settings } = build({ env });
    const view = await dispatch('settings.get', {});
    expect(view).toMatchObject({
      ok: true,
      value: { hasApiKey: true, keyStorage: 'env', baseUrl: 'http://127.0.0.1:9999' },
    });
    expect(JSON.stringify(view)).not.toContain(KEY);
    expect(await dispatch('settings.setApiKey', { key: 'sk-other' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/ANTHROPIC_API_KEY is set/) },
    });
    expect(await dispatch('settings.set', { baseUrl: 'https://x.test' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/ANTHROPIC_BASE_URL is set/) },
    });
    expect(settings.credentials()).toEqual({
      apiKey: KEY,
      baseUrl: 'http://127.0.0.1:9999',
      model: 'default-model',
      maxTurns: 25,
    });
  });

  it('environment base URL - a patch resending it unchanged saves the other fields', async () => {
    const env = { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9999' };
    const { dispatch, settings } = build({ env });
    expect(
      await dispatch('settings.set', {
        model: 'claude-other',
        baseUrl: 'http://127.0.0.1:9999',
        maxTurns: 40,
      }),
    ).toMatchObject({
      ok: true,
      value: { model: 'claude-other', baseUrl: 'http://127.0.0.1:9999', maxTurns: 40 },
    });
    // The environment's URL is not copied into the stored settings.
    expect(createSettingsRepository(db).read().settings.baseUrl ?? null).toBeNull();
    expect(await dispatch('settings.set', { model: 'x', baseUrl: null })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/ANTHROPIC_BASE_URL is set/) },
    });
    expect(settings.view().model).toBe('claude-other');
  });

  it('set - refuses a non-http base URL and one with credentials', async () => {
    const { dispatch } = build();
    expect(await dispatch('settings.set', { baseUrl: 'file:///etc/passwd' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/https:\/\/ or http:\/\//) },
    });
    expect(await dispatch('settings.set', { baseUrl: 'https://u:p@x.test' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/user name or password/) },
    });
  });

  it('bad payloads are InvalidInputError - nothing stored', async () => {
    const { dispatch, handlers } = build();
    for (const [channel, payload] of [
      ['settings.set', { maxTurns: 0 }],
      ['settings.set', { model: 'x', evil: 1 }],
      ['settings.setApiKey', { key: '' }],
      ['settings.setApiKey', { key: 'x'.repeat(501) }],
      ['settings.openExternal', { url: 'not a url' }],
    ] as const) {
      expect(await dispatch(channel, payload)).toMatchObject({
        ok: false,
        error: { name: ContractErrorName.InvalidInput },
      });
    }
    expect(await handlers.get({})).toMatchObject({ model: 'default-model', hasApiKey: false });
  });

  it('openExternal - only http and https reach the opener', async () => {
    const { dispatch, opened } = build();
    expect(await dispatch('settings.openExternal', { url: 'https://example.com/a?b=1' })).toEqual({
      ok: true,
      value: { opened: true },
    });
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'smb://host/share',
      'vscode://x',
    ]) {
      expect(await dispatch('settings.openExternal', { url })).toMatchObject({
        ok: false,
        error: { name: 'ExternalUrlError' },
      });
    }
    expect(opened).toEqual(['https://example.com/a?b=1']);
  });
});
