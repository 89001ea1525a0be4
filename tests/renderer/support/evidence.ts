// Builders for the evidence a diagnostics check reports, so tests read as what the checker found.
import type { Diagnostic, ProposalEvidence } from '../../../src/shared/diagnostics';

export function diagnostic(overrides: Partial<Diagnostic> = {}): Diagnostic {
  return {
    path: 'src/app.ts',
    line: 1,
    column: 7,
    code: 'TS2304',
    message: "Cannot find name 'x'.",
    lineText: 'const a = x;',
    source: 'typescript',
    ...overrides,
  };
}

export function evidence(overrides: Partial<ProposalEvidence> = {}): ProposalEvidence {
  return {
    state: 'checked',
    ms: 420,
    introduced: [],
    fixed: [],
    languages: [{ language: 'typescript', state: 'checked', filesChecked: 3, ms: 420 }],
    checkedAt: '2026-11-26T12:00:00.000Z',
    baseHashes: { 'src/app.ts': 'abc' },
    ...overrides,
  };
}
