import { z } from 'zod';
import { method, noInput } from './define';
import { diagnosticsSettingsPatchSchema, diagnosticsSettingsSchema } from '../diagnostics-settings';
import { projectTestSettingsSchema, projectTestSettingsViewSchema } from '../test-run-settings';

export const settingsSchema = z.object({
  model: z.string(),
  /** Set in Settings or by ANTHROPIC_BASE_URL only, never by a project file. */
  baseUrl: z.string().nullable(),
  hasApiKey: z.boolean(),
  /** Where the key lives: 'safeStorage', 'basic_text' (weak: warn), 'env', 'none'. */
  keyStorage: z.enum(['safeStorage', 'basic_text', 'env', 'memory', 'none']),
  maxTurns: z.number().int(),
  theme: z.enum(['system', 'dark', 'light']),
  /** Evidence before approval: on/off, per-language switches, live deadline. */
  diagnostics: diagnosticsSettingsSchema,
  /** Background runs at once on this machine: the setting, else half the cores. */
  backgroundParallel: z.number().int(),
  /**
   * Tests before approval for the open project; null with no project open, absent
   * from an engine without test runs.
   */
  tests: projectTestSettingsViewSchema.nullable().optional(),
  /** The image container runs start from when a project has no devcontainer. */
  backgroundImage: z.string().nullable().optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsService = {
  get: method(noInput, settingsSchema),
  set: method(
    z
      .object({
        model: z.string().min(1).max(200).optional(),
        baseUrl: z.string().url().max(2000).nullable().optional(),
        maxTurns: z.number().int().min(1).max(500).optional(),
        theme: z.enum(['system', 'dark', 'light']).optional(),
        diagnostics: diagnosticsSettingsPatchSchema.optional(),
        backgroundParallel: z.number().int().min(1).max(64).optional(),
        /** Saved for the open project only; refused with no project open. */
        tests: projectTestSettingsSchema.optional(),
        /** null clears it. */
        backgroundImage: z
          .string()
          .regex(/^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,499}$/u)
          .nullable()
          .optional(),
      })
      .strict(),
    settingsSchema,
  ),
  /** The key is stored in main and never sent back to the renderer. */
  setApiKey: method(z.object({ key: z.string().min(1).max(500) }).strict(), settingsSchema),
  clearApiKey: method(noInput, settingsSchema),
  /** Opens an http(s) URL in the system browser after the person confirmed it. */
  openExternal: method(
    z.object({ url: z.string().url().max(4000) }).strict(),
    z.object({ opened: z.boolean() }),
  ),
};
