// The checker's client after kill(): an answer that arrives between kill() and the checker's
// end must not let go of the process, or `await exited` (the disposal at the end of every CLI
// verb) never settles and Node exits 13. Run as a real process of its own, several times.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const probe = path.resolve(__dirname, '../../../../support/check-client-kill-probe.ts');

function runProbe(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsx, probe],
      { timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? ((error as { code?: number }).code ?? null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('check client - kill', () => {
  it('an answer read after kill() - the client still holds the checker until it has gone, and exited settles', async () => {
    for (let run = 0; run < 3; run++) {
      const result = await runProbe();
      expect(result, result.stderr).toMatchObject({ code: 0, stdout: 'settled\n' });
    }
  }, 120_000);
});
