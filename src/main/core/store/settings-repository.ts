// Stored app settings (typed key → JSON value) and secret blobs. Values are checked on the
// way in and on the way out: a row that no longer parses (hand-edited, older build) reads as
// unset instead of breaking the app, and is reported in `invalidKeys`.
import { z } from 'zod';
import { diagnosticsSettingsPatchSchema } from '../../../shared/diagnostics-settings';
import { testRunSettingsStoreSchema } from '../../../shared/test-run-settings';
import type { WritableDb } from './database-handles';

export const storedSettingsSchema = z.object({
  model: z.string().min(1).max(200),
  baseUrl: z.string().min(1).max(2000),
  maxTurns: z.number().int().min(1).max(500),
  theme: z.enum(['system', 'dark', 'light']),
  /** Only what the person changed; defaults fill the rest (app-settings.ts). */
  diagnostics: diagnosticsSettingsPatchSchema,
  /** Background runs at once on this machine; unset: half the cores. */
  backgroundParallel: z.number().int().min(1).max(64),
  /** Projects (by id) where each turn that applied writes ends as a git commit. */
  commitEachTurn: z.array(z.string().min(1).max(200)).max(10_000),
  /** Tests before approval, per project id: only what the person changed. */
  testRuns: testRunSettingsStoreSchema,
  /** The image container runs start from when the project has no devcontainer. */
  backgroundImage: z.string().min(1).max(500),
  /** Devcontainer builds the person approved, per project id: sha-256 pins of what goes in. */
  approvedBuilds: z.record(
    z.string().min(1).max(200),
    z.array(z.string().regex(/^[0-9a-f]{64}$/u)).max(20),
  ),
});
export type StoredSettings = Partial<z.infer<typeof storedSettingsSchema>>;
export type StoredSettingKey = keyof z.infer<typeof storedSettingsSchema>;

const settingKeys = Object.keys(storedSettingsSchema.shape) as StoredSettingKey[];

export interface StoredSecret {
  readonly ciphertext: Uint8Array;
  /** The SecretStore backend that produced the blob (e.g. 'safeStorage', 'basic_text'). */
  readonly backend: string;
}

export interface SettingsRepository {
  read(): { settings: StoredSettings; invalidKeys: StoredSettingKey[] };
  /** `undefined` leaves a key alone; `null` deletes it. */
  write(patch: { [K in StoredSettingKey]?: StoredSettings[K] | null }): StoredSettings;
  readSecret(name: string): StoredSecret | null;
  writeSecret(name: string, secret: StoredSecret): void;
  deleteSecret(name: string): boolean;
}

export function createSettingsRepository(db: WritableDb): SettingsRepository {
  const selectAll = db.prepare('SELECT key, value_json FROM settings');
  const upsert = db.prepare(`
    INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, ?)
    ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at
  `);
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  const selectSecret = db.prepare('SELECT ciphertext, backend FROM secrets WHERE name = ?');
  const upsertSecret = db.prepare(`
    INSERT INTO secrets (name, ciphertext, backend, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (name) DO UPDATE SET ciphertext = excluded.ciphertext, backend = excluded.backend, updated_at = excluded.updated_at
  `);
  const removeSecret = db.prepare('DELETE FROM secrets WHERE name = ?');

  const read = () => {
    const settings: Record<string, unknown> = {};
    const invalidKeys: StoredSettingKey[] = [];
    for (const row of selectAll.all() as { key: string; value_json: string }[]) {
      if (!isSettingKey(row.key)) continue;
      const parsed = storedSettingsSchema.shape[row.key].safeParse(parseJson(row.value_json));
      if (parsed.success) settings[row.key] = parsed.data;
      else invalidKeys.push(row.key);
    }
    return { settings: settings as StoredSettings, invalidKeys };
  };

  const applyPatch = db.transaction((patch: Record<string, unknown>) => {
    const now = Date.now();
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      if (!isSettingKey(key)) throw new Error(`Unknown setting "${key}".`);
      if (value === null) {
        remove.run(key);
        continue;
      }
      const parsed = storedSettingsSchema.shape[key].safeParse(value);
      if (!parsed.success)
        throw new Error(
          `Invalid value for setting "${key}": ${parsed.error.issues[0]?.message ?? 'rejected'}.`,
        );
      upsert.run(key, JSON.stringify(parsed.data), now);
    }
  });

  return {
    read,
    write(patch) {
      applyPatch(patch);
      return read().settings;
    },
    readSecret(name) {
      const row = selectSecret.get(name) as { ciphertext: Buffer; backend: string } | undefined;
      return row ? { ciphertext: new Uint8Array(row.ciphertext), backend: row.backend } : null;
    },
    writeSecret(name, secret) {
      upsertSecret.run(name, Buffer.from(secret.ciphertext), secret.backend, Date.now());
    },
    deleteSecret: (name) => removeSecret.run(name).changes > 0,
  };
}

function isSettingKey(key: string): key is StoredSettingKey {
  return (settingKeys as string[]).includes(key);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
