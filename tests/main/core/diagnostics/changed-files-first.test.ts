// The changed files first (issue 30 item 1): a checker answers the changed files' errors
// before it checks the files that import them; a live check answers with them once the person
// has waited `changedFilesFirstAfterMs`, the complete evidence following as the late result;
// a check without it waits for the complete answer, and at the deadline keeps what was found.
import { describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import { diagnostic } from '../../../support/fake-diagnostics';
import { evidenceHeadline } from '../../../../src/shared/evidence-summary';
import { createDiagnosticsService } from '../../../../src/main/core/diagnostics/diagnostics-service';
import { evidenceResultLine } from '../../../../src/main/core/evidence/error-words';
import type {
  DiagnosticsLanguage,
  LanguageChecker,
} from '../../../../src/main/core/diagnostics/language-checker';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A checker that answers its changed file's error after `changedAt` ms (unless null) and the
 * complete answer, with an importer's error too, after `doneAt` ms.
 */
function stagedChecker(
  language: DiagnosticsLanguage,
  extension: string,
  changedAt: number | null,
  doneAt: number,
): LanguageChecker {
  const own = diagnostic(`a${extension}`, 2, 'own error');
  const importer = diagnostic(`use${extension}`, 1, 'importer error');
  return {
    language,
    owns: (file) => file.endsWith(extension),
    async check(_changes, _signal, _ceiling, onChangedFiles) {
      if (changedAt !== null) {
        await sleep(changedAt);
        onChangedFiles?.({ state: 'checked', before: [], after: [own], filesChecked: 1 });
      }
      await sleep(doneAt - (changedAt ?? 0));
      return {
        state: 'checked',
        before: [],
        after: [own, importer],
        filesChecked: 3,
        checker: 'the test checker',
      };
    },
    project: () => Promise.resolve(null),
    memoryBytes: () => null,
    dispose: () => Promise.resolve(),
  };
}

function serviceOf(...checkers: LanguageChecker[]) {
  return createDiagnosticsService({ root: '/nonexistent-root', checkers });
}

const lateOf = () => {
  const seen: { late?: ProposalEvidence } = {};
  return { seen, onLateResult: (e: ProposalEvidence) => (seen.late = e) };
};

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await sleep(20);
}

describe('diagnostics service - the changed files first', () => {
  it('live - answers with the changed file at the early time, then the complete evidence late', async () => {
    const service = serviceOf(stagedChecker('typescript', '.ts', 20, 600));
    const { seen, onLateResult } = lateOf();
    const started = Date.now();
    const evidence = await service.checkChange([{ path: 'a.ts', after: 'x' }], {
      deadlineMs: 3000,
      changedFilesFirstAfterMs: 100,
      onLateResult,
    });
    expect(Date.now() - started).toBeLessThan(500);
    expect(evidence.state).toBe('checking');
    expect(evidence.introduced.map((d) => d.message)).toEqual(['own error']);
    expect(evidence.languages).toMatchObject([
      {
        language: 'typescript',
        state: 'checking',
        filesChecked: 1,
        reason: 'the changed files are checked; the files that import them are still being checked',
      },
    ]);
    expect(evidenceHeadline(evidence)).toMatch(
      /^This change introduces 1 error in the changed files \(checked in \d+ ms\); the files that import them are still being checked$/u,
    );
    expect(evidenceResultLine(evidence)).toBe(
      'Checked in part before writing (the files that import the changed ones were still being checked): in the changed files, this change introduces 1 error:\n- a.ts:2: own error',
    );
    await until(() => seen.late !== undefined);
    expect(seen.late?.state).toBe('checked');
    expect(seen.late?.introduced.map((d) => d.message).sort()).toEqual([
      'importer error',
      'own error',
    ]);
    expect(seen.late?.languages[0]).toMatchObject({ state: 'checked', filesChecked: 3 });
  });

  it('live - a complete answer before the early time is the answer; nothing comes late', async () => {
    const service = serviceOf(stagedChecker('typescript', '.ts', 10, 40));
    const { seen, onLateResult } = lateOf();
    const evidence = await service.checkChange([{ path: 'a.ts', after: 'x' }], {
      deadlineMs: 3000,
      changedFilesFirstAfterMs: 300,
      onLateResult,
    });
    expect(evidence.state).toBe('checked');
    expect(evidence.introduced).toHaveLength(2);
    await sleep(100);
    expect(seen.late).toBeUndefined();
  });

  it('live - a language with nothing early yet (another checker) is waited for until it answers', async () => {
    const service = serviceOf(
      stagedChecker('typescript', '.ts', 10, 2000),
      stagedChecker('python', '.py', null, 300),
    );
    const { seen, onLateResult } = lateOf();
    const started = Date.now();
    const evidence = await service.checkChange(
      [
        { path: 'a.ts', after: 'x' },
        { path: 'a.py', after: 'x' },
      ],
      { deadlineMs: 3000, changedFilesFirstAfterMs: 50, onLateResult },
    );
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1500);
    expect(evidence.state).toBe('checking');
    expect(evidence.languages.map((l) => `${l.language} ${l.state}`)).toEqual([
      'typescript checking',
      'python checked',
    ]);
    expect(evidence.introduced.map((d) => d.path).sort()).toEqual(['a.py', 'a.ts', 'use.py']);
    await until(() => seen.late !== undefined);
    expect(seen.late?.state).toBe('checked');
    expect(seen.late?.introduced).toHaveLength(4);
  });

  it('background (no early time) - waits for the complete answer within the deadline', async () => {
    const service = serviceOf(stagedChecker('typescript', '.ts', 10, 300));
    const evidence = await service.checkChange([{ path: 'a.ts', after: 'x' }], {
      deadlineMs: 3000,
    });
    expect(evidence.state).toBe('checked');
    expect(evidence.introduced).toHaveLength(2);
  });

  it('deadline - the changed files found before it are kept, and the reason says the importers were not checked', async () => {
    const service = serviceOf(stagedChecker('typescript', '.ts', 10, 800));
    const { seen, onLateResult } = lateOf();
    const evidence = await service.checkChange([{ path: 'a.ts', after: 'x' }], {
      deadlineMs: 200,
      onLateResult,
    });
    expect(evidence.state).toBe('timed_out');
    expect(evidence.introduced.map((d) => d.message)).toEqual(['own error']);
    expect(evidence.languages[0]).toMatchObject({
      state: 'timed_out',
      filesChecked: 1,
      reason:
        'timed out after 200 ms: the changed files were checked, the files that import them were not',
    });
    await until(() => seen.late !== undefined);
    expect(seen.late?.state).toBe('checked');
  });

  it('after a timed-out answer - the changed files come as progress, then the complete evidence', async () => {
    const service = serviceOf(stagedChecker('typescript', '.ts', 300, 700));
    const progress: ProposalEvidence[] = [];
    const { seen, onLateResult } = lateOf();
    const evidence = await service.checkChange([{ path: 'a.ts', after: 'x' }], {
      deadlineMs: 100,
      onLateProgress: (e) => progress.push(e),
      onLateResult,
    });
    expect(evidence).toMatchObject({ state: 'timed_out', introduced: [] });
    await until(() => seen.late !== undefined);
    expect(progress).toHaveLength(1);
    expect(progress[0]?.state).toBe('checking');
    expect(progress[0]?.introduced.map((d) => d.message)).toEqual(['own error']);
    expect(seen.late?.state).toBe('checked');
    expect(seen.late?.introduced).toHaveLength(2);
  });

  it('the hard ceiling - a checker stopped after its changed files keeps their errors', async () => {
    const service = createDiagnosticsService({
      root: '/nonexistent-root',
      checkers: [stagedChecker('typescript', '.ts', 20, 700)],
      settings: { ceilingMs: 300 },
    });
    const { seen, onLateResult } = lateOf();
    const evidence = await service.checkChange([{ path: 'a.ts', after: 'x' }], {
      deadlineMs: 100,
      onLateResult,
    });
    expect(evidence.state).toBe('timed_out');
    await until(() => seen.late !== undefined);
    expect(seen.late?.state).toBe('timed_out');
    expect(seen.late?.introduced.map((d) => d.message)).toEqual(['own error']);
    expect(seen.late?.languages[0]).toMatchObject({
      state: 'timed_out',
      filesChecked: 1,
      reason:
        "TypeScript's checker did not answer within 300 ms: it was stopped, and starts again on the next check; the changed files were checked, the files that import them were not",
    });
  });
});
