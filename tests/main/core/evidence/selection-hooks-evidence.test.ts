// The selection rule for hooks: what a decision would write is what the hook sees. A selection
// of one hunk of a two-hunk proposal, or the person's own text, is laid over the project in the
// hook's copy; the evidence waits for the hooks before it is complete.
import { afterEach, describe, expect, it } from 'vitest';
import { createProposal, applySelectedHunks } from '../../../../src/main/core/edits/proposal';
import { SelectionEvidence } from '../../../../src/main/core/evidence/selection-evidence';
import { createProposalHooks } from '../../../../src/main/core/hooks/proposal-hooks';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { sha256 } from '../../../../src/main/core/workspace/content-hash';
import { hookProject, hooksOf, personHook, type HookProject } from '../../../support/hook-projects';

const canRun = detectSandbox().available && detectCopySupport().available;

const BEFORE = Array.from({ length: 12 }, (_, i) => `line ${i + 1}\n`).join('');
const AFTER = BEFORE.replace('line 2\n', 'LINE TWO\n').replace('line 11\n', 'LINE ELEVEN\n');

let project: HookProject | undefined;
let selection: SelectionEvidence | undefined;
afterEach(() => {
  selection?.dispose();
  project?.cleanup();
});

function open(): SelectionEvidence {
  project = hookProject({ 'notes.txt': BEFORE });
  const hooks = createProposalHooks({
    hooks: hooksOf([personHook('cat notes.txt; echo "changed: $SLUICE_CHANGED_FILES"')]),
    root: project.root,
    home: project.home,
  });
  selection = new SelectionEvidence({ hooks });
  return selection;
}

describe.skipIf(!canRun)('selection hooks evidence', () => {
  it('selection hooks - a selection of one hunk is what the hook sees, that hunk only', async () => {
    const check = open();
    const proposal = createProposal({
      tool: 'edit_file',
      path: 'notes.txt',
      isNewFile: false,
      before: BEFORE,
      after: AFTER,
      format: { eol: '\n', bom: false, mixedEol: false, finalNewline: true },
      baseHash: sha256(BEFORE),
      description: 'two words upper-cased',
    });
    expect(proposal.hunks.map((h) => h.id)).toEqual(['h1', 'h2']);
    const text = applySelectedHunks(proposal, ['h1']);
    const { complete } = check.check({
      key: 'approval-1',
      path: 'notes.txt',
      before: BEFORE,
      baseHash: proposal.baseHash,
      text,
    });
    const update = await complete;
    expect(update.complete).toBe(true);
    const output = update.evidence.hooks?.runs[0]?.output ?? '';
    expect(output).toBe(`${BEFORE.replace('line 2\n', 'LINE TWO\n')}changed: notes.txt`);
    expect(output).not.toContain('ELEVEN');
  });

  it("selection hooks - the person's own text is what the hook sees", async () => {
    const check = open();
    const edited = 'the person wrote this\n';
    const update = await check.check({
      key: 'approval-2',
      path: 'notes.txt',
      before: BEFORE,
      baseHash: sha256(BEFORE),
      text: edited,
    }).complete;
    expect(update.evidence.hooks?.state).toBe('passed');
    expect(update.evidence.hooks?.runs[0]?.output).toBe(
      'the person wrote this\nchanged: notes.txt',
    );
  });
});
