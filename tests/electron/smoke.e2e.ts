// Runs only through `npm run test:electron`, which sets SLUICE_ELECTRON_BINARY where a binary exists.
import { describe, expect, it } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron } from 'playwright-core';

const binary = process.env.SLUICE_ELECTRON_BINARY;

describe.runIf(Boolean(binary))('Electron app', () => {
  it('starts - one sandboxed window showing the Sluice UI', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'sluice-electron-'));
    const app = await _electron.launch({
      executablePath: binary,
      args: ['out/main/index.js'],
      env: { ...process.env, SLUICE_HOME: home },
    });
    try {
      const window = await app.firstWindow();
      await window.waitForLoadState('domcontentloaded');
      expect(await window.title()).toMatch(/Sluice/);
      expect(
        await window.evaluate(() => typeof (globalThis as { require?: unknown }).require),
      ).toBe('undefined');
      expect(app.windows()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
