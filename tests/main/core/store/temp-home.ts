// Real temp folders for store tests; each test removes its own.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function makeTempHome(): { home: string; cleanup(): void } {
  const home = mkdtempSync(path.join(os.tmpdir(), 'sluice-store-'));
  return { home, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}
