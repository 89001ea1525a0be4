// The CLI's approval gate with evidence (issue 24): `sluice tool`'s write context checks the
// proposal (no hold-back: the caller is the person) and a check that finishes while the
// prompt waits is printed under it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCliToolContext } from '../../src/cli/cli-engine';
import { openCliSession } from '../support/cli-session';
import type { CliIo } from '../../src/cli/cli-io';
import type { TerminalApprover } from '../../src/cli/terminal-approval';
import type { ApprovalRequest } from '../../src/shared/approvals';
import { createEditFileTool } from '../../src/main/core/tools/edit-file';
import { runTool } from '../../src/main/core/tools/tool';
import { Workspace } from '../../src/main/core/workspace/workspace';
import { DEFAULT_DIAGNOSTICS_SETTINGS } from '../../src/shared/diagnostics-settings';
import { renderEvidence } from '../../src/cli/evidence-lines';
import { createDiagnosticsService } from '../../src/main/core/diagnostics/diagnostics-service';
import type { LanguageChecker } from '../../src/main/core/diagnostics/language-checker';
import { createProjectDiagnostics } from '../../src/main/core/diagnostics/project-diagnostics';
import {
  brokenWhenMarked,
  createFakeDiagnostics,
  diagnostic,
  evidence,
  fakeProjectDiagnostics,
} from '../support/fake-diagnostics';

let project: string;
let home: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-session-evidence-'));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-session-evidence-home-'));
  await writeFile(path.join(project, 'a.ts'), 'one\n');
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

function io(): CliIo & { errText: () => string } {
  let err = '';
  const stdin = new PassThrough();
  stdin.end();
  return {
    stdout: { write: () => true },
    stderr: { write: (t: string) => (err += t) },
    stdin,
    env: { SLUICE_HOME: home },
    cwd: project,
    errText: () => err,
  };
}

const edit = createEditFileTool();

/** A TypeScript checker answering a.ts's error at `changedMs` and use.ts's too at `completeMs`. */
function stagedChecker(completeMs: number, changedMs = 20): LanguageChecker {
  const own = diagnostic('a.ts', 1, 'own error');
  const importer = diagnostic('use.ts', 1, 'importer error');
  return {
    language: 'typescript',
    owns: (file) => file.endsWith('.ts'),
    async check(_changes, _signal, _ceiling, onChangedFiles) {
      await new Promise((r) => setTimeout(r, changedMs));
      onChangedFiles?.({ state: 'checked', before: [], after: [own], filesChecked: 1 });
      await new Promise((r) => setTimeout(r, completeMs - changedMs));
      return { state: 'checked', before: [], after: [own, importer], filesChecked: 2 };
    },
    project: () => Promise.resolve(null),
    memoryBytes: () => null,
    dispose: () => Promise.resolve(),
  };
}

function stagedDiagnostics(completeMs: number, liveDeadlineMs = 3000, changedMs = 20) {
  return createProjectDiagnostics({
    root: project,
    settings: () => ({ ...DEFAULT_DIAGNOSTICS_SETTINGS, liveDeadlineMs }),
    create: () =>
      createDiagnosticsService({ root: project, checkers: [stagedChecker(completeMs, changedMs)] }),
  });
}

/**
 * `sluice tool edit_file` through the CLI session with `diagnostics`; the person approves at
 * once, or (`waitForImporters`) once the importer's error has been printed under the prompt.
 */
async function editWithStaged(
  diagnostics: ReturnType<typeof stagedDiagnostics>,
  waitForImporters: boolean,
) {
  const cli = io();
  const asked: ApprovalRequest[] = [];
  const approver: TerminalApprover = {
    ask: async (request) => {
      asked.push(request);
      for (let i = 0; waitForImporters && i < 150 && !cli.errText().includes('importer error'); i++)
        await new Promise((r) => setTimeout(r, 20));
      return { decision: { type: 'approve' } };
    },
    close: () => undefined,
  };
  const workspace = await Workspace.open(project);
  const session = openCliSession({ io: cli, workspace, yes: false, approver });
  try {
    const result = await runTool(
      edit,
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
      { workspace, signal: new AbortController().signal, approvals: session.broker, diagnostics },
    );
    return { result, asked, printed: cli.errText() };
  } finally {
    session.close();
  }
}

describe('CLI approval session evidence', () => {
  it('sluice tool --yes - the write is checked, never held back, and the result says the errors', async () => {
    const fake = createFakeDiagnostics(brokenWhenMarked);
    const workspace = await Workspace.open(project);
    const extra = openCliToolContext({
      workspace,
      tool: edit,
      yes: true,
      io: io(),
      createDiagnostics: () => fake,
      createTests: null,
    });
    try {
      const result = await runTool(
        edit,
        { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'BROKEN' }] },
        { ...extra.context, workspace, signal: new AbortController().signal },
      );
      expect(result.status).toBe('ok');
      expect(result.content).toContain(
        "Checked before writing: this change introduces 1 error:\n- a.ts:1: Cannot find name 'BROKEN'.",
      );
    } finally {
      await extra.close();
    }
    expect(fake.disposed).toBe(1);
  });

  it('late evidence - printed while the prompt waits, with the request showing timed out first', async () => {
    const fake = createFakeDiagnostics(() => evidence([diagnostic('a.ts', 1, 'late one')]), 400);
    const cli = io();
    const asked: ApprovalRequest[] = [];
    const approver: TerminalApprover = {
      ask: async (request) => {
        asked.push(request);
        for (let i = 0; i < 100 && !cli.errText().includes('late one'); i++)
          await new Promise((r) => setTimeout(r, 20));
        return { decision: { type: 'approve' } };
      },
      close: () => undefined,
    };
    const workspace = await Workspace.open(project);
    const session = openCliSession({ io: cli, workspace, yes: false, approver });
    try {
      const diagnostics = fakeProjectDiagnostics(fake, () => ({
        ...DEFAULT_DIAGNOSTICS_SETTINGS,
        liveDeadlineMs: 250,
      }));
      const result = await runTool(
        edit,
        { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
        { workspace, signal: new AbortController().signal, approvals: session.broker, diagnostics },
      );
      expect(result.status).toBe('ok');
      expect(asked[0]?.evidence?.state).toBe('timed_out');
      expect(cli.errText()).toContain(
        'The check of the change above finished:\nThis change introduces 1 error (checked in 400 ms)\n  a.ts:1  late one\n',
      );
    } finally {
      session.close();
    }
  });

  it('changed files first - the request shows the changed file, the importers follow while the prompt waits', async () => {
    const started = Date.now();
    const { result, asked, printed } = await editWithStaged(stagedDiagnostics(1200), true);
    const shown = asked[0]?.evidence;
    expect(shown?.state).toBe('checking');
    expect(shown && renderEvidence(shown, false)).toMatch(
      /^This change introduces 1 error in the changed files \(checked in \d+ ms\); the files that import them are still being checked\n {2}a\.ts:1 {2}own error\n$/u,
    );
    expect(printed).toMatch(
      /The check of the change above finished:\nThis change introduces 2 errors \(checked in [\d.]+ s\)\n/u,
    );
    expect(result.content).toContain(
      'Checked before writing: this change introduces 2 errors:\n- a.ts:1: own error\n- use.ts:1: importer error',
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it.each([
    [
      'within the deadline - the model reads the importers’ errors too',
      3000,
      'Checked before writing: this change introduces 2 errors',
    ],
    [
      'past the deadline - the model reads that the importers were not checked yet',
      600,
      'Checked in part before writing (the files that import the changed ones were still being checked): in the changed files, this change introduces 1 error:\n- a.ts:1: own error',
    ],
  ] as const)('approved at once, %s', async (_case, deadline, words) => {
    const { result } = await editWithStaged(stagedDiagnostics(1200, deadline), false);
    expect(result.status).toBe('ok');
    expect(result.content).toContain(words);
  });

  it('timed out, then the changed files, then the rest - each printed while the prompt waits', async () => {
    const { result, asked, printed } = await editWithStaged(
      stagedDiagnostics(1200, 250, 500),
      true,
    );
    expect(asked[0]?.evidence?.state).toBe('timed_out');
    const partial = printed.indexOf(
      'The changed files of the change above were checked:\nThis change introduces 1 error in the changed files',
    );
    const finished = printed.indexOf(
      'The check of the change above finished:\nThis change introduces 2 errors',
    );
    expect(partial).toBeGreaterThan(-1);
    expect(finished).toBeGreaterThan(partial);
    expect(result.content).toContain('Checked before writing: this change introduces 2 errors');
  });
});
