// The built Electron main bundle shows its first window before it loads TypeScript or the
// Anthropic SDK: both come with the engine (app-engine.ts), imported after the window exists.
// Runs the real bundle (electron-vite config) under Node with a stub `electron`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMainBundle,
  runMainBundle,
  type MainBundleRun,
} from '../../support/main-bundle-probe';

let bundle: Awaited<ReturnType<typeof buildMainBundle>>;
let run: MainBundleRun;

beforeAll(async () => {
  bundle = await buildMainBundle();
  run = await runMainBundle(bundle.entry);
}, 120_000);
afterAll(async () => {
  await bundle?.dispose();
});

describe('main bundle start', () => {
  it('main bundle - creates the first window without loading typescript or @anthropic-ai/sdk', () => {
    expect(run.window.packages).not.toContain('typescript');
    expect(run.window.packages).not.toContain('@anthropic-ai/sdk');
    expect(run.window.packages).not.toContain('better-sqlite3');
  });

  it('main bundle - then loads the engine, which answers IPC that arrived while it loaded', () => {
    expect(run.engine.ok).toBe(true);
    // The probe sees the SDK once it is loaded, so the assertion above can fail.
    expect(run.engine.packages).toContain('@anthropic-ai/sdk');
    expect(run.engine.ms).toBeGreaterThan(run.window.ms);
  });
});
