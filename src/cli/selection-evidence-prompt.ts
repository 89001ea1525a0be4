// `proposal apply ID --files/--hunks`: before anything is written, the evidence of exactly the
// selection (the texts those files and hunks would have), checked against the disk as it is;
// on a terminal the person is asked once more, elsewhere the evidence is printed and the
// apply goes on (the selectors were the person's instruction).
import type { ChangeSetSelection } from '../shared/change-sets';
import type { ProposalEvidence } from '../shared/diagnostics';
import type { ProjectEngine } from '../main/core/project/open-project-engine';
import {
  selectionEvidenceOfSet,
  selectionTexts,
} from '../main/core/proposals/selection-evidence-of-set';
import type { StoredChangeSet } from '../main/core/store/change-set-repository';
import type { CliIo } from './cli-io';
import { renderEvidence } from './evidence-lines';
import { createPromptKit } from './terminal-prompt';
import { keyReaderFor } from './key-reader';
import { LineReader } from './line-reader';
import { editInEditor } from './terminal-editor';

/** Shows the selection's evidence; true when the apply goes on. */
export async function confirmSelection(
  io: CliIo,
  engine: Pick<ProjectEngine, 'checks' | 'workspace'>,
  set: StoredChangeSet,
  selection: ChangeSetSelection,
): Promise<boolean> {
  const files = selectionTexts(set, selection);
  if (files.length === 0) return true;
  const color = Boolean(io.stderr.isTTY) && !io.env.NO_COLOR;
  const { diagnostics, testRuns, proposalHooks: hooks } = engine.checks;
  const tests = testRuns?.tests;
  let answered = false;
  const interactive = Boolean(io.stdin.isTTY && io.stderr.isTTY);
  const reader = interactive ? new LineReader(io.stdin) : null;
  const kit = reader
    ? createPromptKit({
        reader,
        keys: keyReaderFor(io.stdin),
        color,
        output: io.stderr,
        editText: (initial, name) => editInEditor(initial, name, io.env),
      })
    : null;
  const say = (evidence: ProposalEvidence, late: boolean): void => {
    const text = `${late ? 'The check of the selection finished:\n' : ''}${renderEvidence(evidence, color)}`;
    if (late && kit && !answered) kit.interject(text);
    else if (!late) io.stderr.write(text);
  };
  io.stderr.write(
    `\nWhat this selection would write (${files.length} file${files.length === 1 ? '' : 's'}), checked:\n`,
  );
  const evidence = await selectionEvidenceOfSet(
    { workspace: engine.workspace, diagnostics, tests, hooks },
    set,
    selection,
    (late) => say(late, true),
  );
  if (evidence) say(evidence, false);
  if (!kit) return true;
  try {
    for (let tries = 0; tries < 5; tries += 1) {
      const answer = await kit.choose('Apply this selection? [y]es / [n]o > ', [
        { key: 'y', word: 'yes' },
        { key: 'n', word: 'no' },
      ]);
      if (answer === null) return false;
      if (/^y(es)?$/iu.test(answer)) return true;
      if (/^no?$/iu.test(answer)) return false;
      kit.out('Please answer y or n.\n');
    }
    return false;
  } finally {
    answered = true;
    kit.release();
  }
}
