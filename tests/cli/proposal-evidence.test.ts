// Evidence in the CLI (issue 24): a propose run made with `sluice ask --mode propose` stores
// its evidence; `proposal show` prints it (escaped) and `--json` includes it; the terminal
// review prints the list under the diff.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAskCommand } from '../../src/cli/commands/ask';
import { main } from '../../src/cli/main';
import { createTerminalApprover } from '../../src/cli/terminal-approval';
import { createProposal } from '../../src/main/core/edits/proposal';
import { detectFormat } from '../../src/main/core/edits/text-format';
import type { ApprovalRequest } from '../../src/shared/approvals';
import { changeSetSchema } from '../../src/shared/change-sets';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { cliRun } from '../support/fake-cli-io';
import { createFakeDiagnostics, diagnostic, evidence } from '../support/fake-diagnostics';

let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-evidence-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-evidence-home-'));
  writeFileSync(path.join(project, 'a.ts'), 'export const a = 1;\n');
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const makeIo = () =>
  cliRun({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home });

const HOSTILE = 'Type \u001b[2J\u001b[31mred\u001b[0m is not assignable\u202e.';

describe('CLI evidence', () => {
  it('proposal show - prints the stored evidence escaped, and --json includes it', async () => {
    const fake = createFakeDiagnostics(() =>
      evidence([diagnostic('a.ts', 1, HOSTILE)], [diagnostic('z.ts', 9, 'old error')]),
    );
    const ask = createAskCommand({
      maxRetries: 0,
      onInterrupt: () => () => undefined,
      createDiagnostics: () => fake,
    });
    server.enqueue(
      reply([toolUse('edit_file', { path: 'a.ts', content: 'export const a = "x";\n' })]),
      reply('done'),
    );
    const run = makeIo();
    expect(await ask.run(['change a', '--mode', 'propose', '--project', project], run.io)).toBe(0);
    const id = run.stdout().trim();
    expect(fake.calls.at(-1)?.options.deadlineMs).toBe(30_000);
    expect(fake.disposed).toBe(1);

    const show = makeIo();
    expect(await main(['proposal', 'show', id], show.io)).toBe(0);
    expect(show.stdout()).toContain('This change introduces 1 error · fixes 1 (checked in');
    expect(show.stdout()).toContain(
      'a.ts:1  Type \\u001b[2J\\u001b[31mred\\u001b[0m is not assignable\\u202e.',
    );
    expect(show.stdout()).toContain('Fixed:\n  z.ts:9  old error');
    expect(show.stdout()).not.toContain('\u001b[2J');

    const json = makeIo();
    expect(await main(['proposal', 'show', id, '--json'], json.io)).toBe(0);
    const shown = changeSetSchema.parse(JSON.parse(json.stdout()));
    expect(shown.evidence).toMatchObject({
      state: 'checked',
      introduced: [{ path: 'a.ts', line: 1, message: HOSTILE }],
      fixed: [{ path: 'z.ts' }],
    });
  });

  it('proposal show - a set whose files no checker reads says it was not checked', async () => {
    const ask = createAskCommand({ maxRetries: 0, onInterrupt: () => () => undefined });
    server.enqueue(
      reply([toolUse('create_file', { path: 'n.txt', content: 'hi\n' })]),
      reply('done'),
    );
    const run = makeIo();
    await ask.run(['make n', '--mode', 'propose', '--project', project], run.io);
    const show = makeIo();
    await main(['proposal', 'show', run.stdout().trim()], show.io);
    expect(show.stdout()).toContain('Not checked: no checker reads these files');
    expect(show.stdout()).not.toContain('no new errors');
  });

  it('terminal review - the list is printed under the diff, capped, escaped; states in words', async () => {
    const before = 'one\n';
    const p = createProposal({
      tool: 'edit_file',
      path: 'src/a.ts',
      isNewFile: false,
      before,
      after: 'two\n',
      format: detectFormat(before),
      baseHash: 'b',
      description: 'Rename',
    });
    const base: ApprovalRequest = {
      approvalId: 'ap1',
      proposalHash: p.proposalHash,
      tool: 'edit_file',
      path: p.path,
      isNewFile: false,
      before,
      after: 'two\n',
      unifiedDiff: p.unifiedDiff,
      hunks: p.hunks.map(({ id, oldStart, oldLines, newStart, newLines, lines }) => ({
        id,
        oldStart,
        oldLines,
        newStart,
        newLines,
        lines,
      })),
      description: p.description,
      reason: 'the approval mode asks before every write',
      protectedPath: false,
      coarseDiff: false,
    };
    const ask = async (request: ApprovalRequest): Promise<string> => {
      const input = new PassThrough();
      input.end('y\n');
      let output = '';
      const approver = createTerminalApprover({
        input,
        output: { write: (t: string) => (output += t) },
        interactive: true,
        color: false,
      });
      await approver.ask(request);
      approver.close();
      return output;
    };
    const many = Array.from({ length: 23 }, (_, i) => diagnostic('src/a.ts', i + 1, `e${i + 1}`));
    const shown = await ask({
      ...base,
      evidence: evidence(
        [diagnostic('src/\u001b[1mb.ts', 2, HOSTILE), ...many],
        [diagnostic('src/c.ts', 3, 'gone')],
      ),
    });
    expect(shown).toMatch(
      /\+two\nThis change introduces 24 errors · fixes 1 \(checked in 12 ms\)\n/u,
    );
    expect(shown).toContain('  src/\\u001b[1mb.ts:2  Type \\u001b[2J');
    expect(shown).toContain('  src/a.ts:19  e19\n  and 4 more\nFixed:\n  src/c.ts:3  gone\n');
    expect(shown).not.toContain('e20');
    expect(
      await ask({
        ...base,
        evidence: { ...evidence([], [], 'timed_out'), ms: 3000, reason: 'typescript ran long' },
      }),
    ).toContain('Check timed out after 3 s (typescript ran long)');
    expect(
      await ask({
        ...base,
        evidence: {
          ...evidence([], [], 'not_checked'),
          reason: 'no Go toolchain found',
          languages: [
            {
              language: 'go',
              state: 'not_checked',
              reason: 'no Go toolchain found',
              filesChecked: 0,
              ms: 0,
            },
          ],
        },
      }),
    ).toMatch(/\nNot checked: no Go toolchain found\nApply\?/u);
    // The headline says what timed out once; a language line only with several languages.
    expect(
      await ask({
        ...base,
        evidence: {
          ...evidence([], [], 'timed_out'),
          ms: 3000,
          reason: 'TypeScript: timed out after 3 s',
          languages: [
            {
              language: 'typescript',
              state: 'timed_out',
              reason: 'timed out after 3 s',
              filesChecked: 0,
              ms: 3000,
            },
          ],
        },
      }),
    ).toMatch(/\nCheck timed out after 3 s\nApply\?/u);
    expect(await ask(base)).not.toContain('This change');
  });
});
