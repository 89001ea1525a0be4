// `proposal apply ID --files/--hunks`: before anything is written, the evidence of exactly the
// selection (the texts those files and hunks would have), checked against the disk as it is;
// on a terminal the person is asked once more, elsewhere the evidence is printed and the
// apply goes on (the selectors were the person's instruction).
import type { ChangeSetSelection } from '../shared/change-sets';
import type { ProposalEvidence } from '../shared/diagnostics';
import { computeLineDiff } from '../main/core/edits/bounded-line-diff';
import { applySelectedHunks, UnknownHunkError } from '../main/core/edits/proposal';
import { filesEvidence, type FileToCheck } from '../main/core/evidence/files-evidence';
import type { ProjectEngine } from '../main/core/project/open-project-engine';
import type { StoredChangeSet } from '../main/core/store/change-set-repository';
import type { CliIo } from './cli-io';
import { renderEvidence } from './evidence-lines';
import { createPromptKit } from './terminal-prompt';
import { LineReader } from './line-reader';
import { editInEditor } from './terminal-editor';

/** The texts a selection of a set would write, per file; a file it cannot write is left out. */
export function selectionTexts(set: StoredChangeSet, selection: ChangeSetSelection): FileToCheck[] {
  const whole = new Set(selection.files ?? []);
  const out: FileToCheck[] = [];
  for (const file of set.files) {
    if (file.protectedPath) continue;
    const picks = selection.hunks?.[file.path];
    let text: string | null = whole.has(file.path) ? file.finalText : null;
    if (text === null && picks?.length) {
      const { hunks } = computeLineDiff(file.baseText, file.finalText);
      try {
        text = applySelectedHunks({ before: file.baseText, after: file.finalText, hunks }, picks);
      } catch (error) {
        if (!(error instanceof UnknownHunkError)) throw error;
      }
    }
    if (text !== null)
      out.push({
        path: file.path,
        text,
        baseHash: file.baseHash,
        baseText: file.isNewFile ? null : file.baseText,
      });
  }
  return out;
}

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
  const { diagnostics, testRuns } = engine.checks;
  const tests = testRuns?.tests;
  let answered = false;
  const interactive = Boolean(io.stdin.isTTY && io.stderr.isTTY);
  const reader = interactive ? new LineReader(io.stdin) : null;
  const kit = reader
    ? createPromptKit({
        reader,
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
  const evidence = await filesEvidence(files, {
    diagnostics,
    tests,
    against: { disk: engine.workspace },
    deadlineMs: diagnostics?.liveDeadlineMs() ?? 3000,
    testKey: `apply\0${set.id}`,
    testDeadlineMs: tests?.liveDeadlineMs() ?? 30_000,
    onLate: (late) => say(late, true),
  });
  say(evidence, false);
  if (!kit) return true;
  try {
    for (let tries = 0; tries < 5; tries += 1) {
      const answer = await kit.prompt('Apply this selection? [y]es / [n]o > ');
      if (answer === null) return false;
      if (/^y(es)?$/iu.test(answer)) return true;
      if (/^no?$/iu.test(answer)) return false;
      kit.out('Please answer y or n.\n');
    }
    return false;
  } finally {
    answered = true;
    reader?.detach();
  }
}
