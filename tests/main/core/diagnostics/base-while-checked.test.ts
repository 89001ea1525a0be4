// A check whose checker reads the disk side late (a cold checker) while the change is written
// under it: its "before" would be the written text, and the error the change introduces would
// read as already there. The service answers against the base the check began with: the
// checker is asked the other way round when the disk holds the proposal, and says why it was
// not checked when the disk holds anything else.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import { createDiagnosticsService } from '../../../../src/main/core/diagnostics/diagnostics-service';
import type {
  ChangedFilesOutcome,
  LanguageChecker,
} from '../../../../src/main/core/diagnostics/language-checker';
import { evidenceResultLine } from '../../../../src/main/core/evidence/error-words';
import { diagnostic } from '../../../support/fake-diagnostics';

const BEFORE = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
const AFTER = 'export function add(a: number, b: number): number {\n  return a + c;\n}\n';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'sluice-base-while-checked-'));
  writeFileSync(path.join(root, 'a.ts'), BEFORE);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const errorsOf = (file: string, text: string | null) =>
  text?.includes('a + c') ? [diagnostic(file, 2, "Cannot find name 'c'.")] : [];

function diskText(file: string): string | null {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return null;
  }
}

/**
 * A checker that reads the disk side only after `readAfterMs` (as a cold one starts), answers
 * the changed files then, and counts its checks.
 */
function lateReadingChecker(readAfterMs: number, restMs = 20) {
  const asked: (string | null)[] = [];
  const checker: LanguageChecker = {
    language: 'typescript',
    owns: (file) => file.endsWith('.ts'),
    async check(changes, _signal, _ceiling, onChangedFiles) {
      asked.push(...changes.map((change) => change.after));
      await sleep(readAfterMs);
      const before = changes.flatMap((change) => errorsOf(change.path, diskText(change.path)));
      const after = changes.flatMap((change) => errorsOf(change.path, change.after));
      const early: ChangedFilesOutcome = { state: 'checked', before, after, filesChecked: 1 };
      onChangedFiles?.(early);
      await sleep(restMs);
      return { ...early, filesChecked: 2 };
    },
    project: () => Promise.resolve(null),
    memoryBytes: () => null,
    dispose: () => Promise.resolve(),
  };
  return { checker, asked };
}

async function checkWrittenUnder(written: string, readAfterMs = 300, restMs = 20) {
  const { checker, asked } = lateReadingChecker(readAfterMs, restMs);
  const service = createDiagnosticsService({ root, checkers: [checker] });
  const seen: { late?: ProposalEvidence; progress: ProposalEvidence[] } = { progress: [] };
  const answer = await service.checkChange([{ path: 'a.ts', after: AFTER }], {
    deadlineMs: 50,
    onLateResult: (late) => (seen.late = late),
    onLateProgress: (partial) => seen.progress.push(partial),
  });
  // Past the deadline the change is approved and written before the checker reads the disk.
  writeFileSync(path.join(root, 'a.ts'), written);
  for (let i = 0; i < 100 && !seen.late; i++) await sleep(20);
  await service.dispose();
  return { answer, seen, asked };
}

describe('diagnostics service - the base a check began with', () => {
  it('written as proposed under a late read - asked the other way round, the error is introduced', async () => {
    const { answer, seen, asked } = await checkWrittenUnder(AFTER);
    expect(answer.state).toBe('timed_out');
    expect(seen.late?.state).toBe('checked');
    expect(seen.late?.introduced.map((d) => d.message)).toEqual(["Cannot find name 'c'."]);
    expect(seen.late?.baseHashes['a.ts']).toMatch(/^[0-9a-f]{64}$/u);
    // The proposal first, then the base as the proposal against the written disk.
    expect(asked).toEqual([AFTER, BEFORE]);
    // The changed files' answer read the written text as the base: it is not said.
    expect(seen.progress).toEqual([]);
    expect(evidenceResultLine(seen.late!)).toBe(
      "Checked before writing: this change introduces 1 error:\n- a.ts:2: Cannot find name 'c'.",
    );
  });

  it('written with a BOM - still the proposed text, asked the other way round', async () => {
    const { seen } = await checkWrittenUnder(`\uFEFF${AFTER}`);
    expect(seen.late?.introduced).toHaveLength(1);
  });

  it('something else written under it - not checked, and says why', async () => {
    const { seen, asked } = await checkWrittenUnder(`${BEFORE}// edited elsewhere\n`);
    expect(asked).toEqual([AFTER]);
    expect(seen.late?.state).toBe('not_checked');
    expect(seen.late?.introduced).toEqual([]);
    expect(seen.late?.languages[0]?.reason).toBe(
      'a.ts changed on disk while the check ran (written, or edited elsewhere), so the errors before the change are not known',
    );
  });

  it('the changed files answered before the write - the answer is kept, nothing asked again', async () => {
    const { seen, asked } = await checkWrittenUnder(AFTER, 0, 300);
    expect(asked).toEqual([AFTER]);
    expect(seen.late?.state).toBe('checked');
    expect(seen.late?.introduced.map((d) => d.message)).toEqual(["Cannot find name 'c'."]);
  });

  it('the disk read before the write - the answer is the same either way', async () => {
    const { checker, asked } = lateReadingChecker(0);
    const service = createDiagnosticsService({ root, checkers: [checker] });
    const evidence = await service.checkChange([{ path: 'a.ts', after: AFTER }], {
      deadlineMs: 2000,
    });
    await service.dispose();
    expect(evidence.state).toBe('checked');
    expect(evidence.introduced).toHaveLength(1);
    expect(asked).toEqual([AFTER]);
  });
});
