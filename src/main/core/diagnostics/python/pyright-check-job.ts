// One proposal's check on a running pyright (pyright-language.ts runs it as a job): the changed
// modules as on disk ("before") and as proposed ("after"), answered at once; then, when they
// change what they export, the modules that import them, before and after. Every "before" the
// disk side already knows for this disk state is taken from it, so a warm check pulls the
// changed modules once, as proposed. A "before" pulled here is kept for the next proposal.
// The proposed texts are open documents (didOpen/didChange), never written to disk; every
// document opened here is closed again, so pyright is back to the disk when the job ends.
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic } from '../../../../shared/diagnostics';
import type { ProposedFileChange } from '../diagnostics-port';
import type { ChangedFilesOutcome } from '../language-checker';
import type { PyrightDiskSide } from './pyright-disk-side';
import { affectedPythonFilesByName, changedModuleNames } from './python-affected-files';
import { samePythonShape } from './python-shape';

export interface PyrightCheckJob {
  readonly connection: MessageConnection;
  readonly changes: readonly ProposedFileChange[];
  readonly disk: PyrightDiskSide;
  readonly uriOf: (file: string) => string;
  /** A project file's text under read_file's rules; null when missing or refused. */
  readonly readDisk: (file: string) => string | null;
  /** pyright's errors of an open document, as it is now. */
  readonly pull: (file: string, text: string) => Promise<Diagnostic[]>;
  /** Who imports a module; `created`: the modules the proposal creates (none import them yet). */
  readonly importersOf: (created: readonly string[]) => (file: string) => Iterable<string>;
  readonly onChangedFiles?: (outcome: ChangedFilesOutcome) => void;
  /** A cancelled check stops before its next step (its documents are closed all the same). */
  readonly signal?: AbortSignal;
}

/**
 * Opens a document for analysis as it is now. pyright keeps a closed file's last analysis and
 * takes it up again when the file is opened with the same text, even when a module it imports
 * was changed in between (shown as proposed, or as on disk again): an importer re-opened after
 * its module was proposed answered with the old module's errors. A change to the same text
 * right after the open makes it analyse the file again.
 */
export async function openDocument(
  connection: MessageConnection,
  uri: string,
  text: string,
  version = 1,
): Promise<void> {
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'python', version, text },
  });
  await connection.sendNotification('textDocument/didChange', {
    textDocument: { uri, version: version + 1 },
    contentChanges: [{ text }],
  });
}

export interface PyrightCheckResult {
  readonly before: Diagnostic[];
  readonly after: Diagnostic[];
  readonly filesChecked: number;
  /** What was not checked, in words (files importing a module the proposal creates). */
  readonly note?: string;
}

export async function runPyrightCheck(job: PyrightCheckJob): Promise<PyrightCheckResult> {
  const { connection, changes, disk, uriOf } = job;
  const changed = changes.map((c) => c.path);
  // Each file is read once per check: "before" and "as on disk again" are the same text.
  const texts = new Map<string, string | null>();
  const diskText = (file: string): string | null => {
    if (!texts.has(file)) texts.set(file, job.readDisk(file));
    return texts.get(file) ?? null;
  };
  const { createdPaths, waiting, affected } = checkScope(job, diskText);
  const after = new Map(changes.map((c) => [c.path, c.after ?? '']));
  const opened: string[] = [];
  const before: Diagnostic[] = [];
  const afterDiagnostics: Diagnostic[] = [];
  let version = 1;
  const open = async (file: string, text: string): Promise<void> => {
    await openDocument(connection, uriOf(file), text, version);
    opened.push(file);
  };
  /** The changed files as proposed (`proposed`), or as on disk again. */
  const showChanged = async (proposed: boolean): Promise<void> => {
    // Past the versions `open` used.
    version += 2;
    for (const [file, text] of after) {
      if (opened.includes(file))
        await connection.sendNotification('textDocument/didChange', {
          textDocument: { uri: uriOf(file), version },
          contentChanges: [{ text: proposed ? text : (diskText(file) ?? '') }],
        });
      else if (proposed) await open(file, text);
    }
  };
  /** Opens the files not open yet, each with its text. */
  const openAll = async (files: readonly string[], textOf: (file: string) => string | null) => {
    for (const file of files) {
      const text = textOf(file);
      if (text !== null && !opened.includes(file)) await open(file, text);
    }
  };
  /**
   * Every file's errors as it is shown now, asked together once every one is open: a change
   * to any open document makes pyright start its type evaluation over, so nothing is opened
   * or changed between these pulls and they share one evaluation of what they import.
   */
  const pullAll = async (files: readonly string[], textOf: (file: string) => string | null) => {
    job.signal?.throwIfAborted();
    await openAll(files, textOf);
    const shown = files.flatMap((file) => {
      const text = textOf(file);
      return text === null ? [] : [{ file, text }];
    });
    return Promise.all(shown.map(async (s) => ({ ...s, found: await job.pull(s.file, s.text) })));
  };
  /** Every file's "before": known, else pulled (only while pyright sees the disk). */
  const collectBefore = async (files: readonly string[]): Promise<void> => {
    const unknown = files.filter((file) => {
      const text = diskText(file);
      return text !== null && !disk.before(file, text);
    });
    const pulled = new Map((await pullAll(unknown, diskText)).map((p) => [p.file, p]));
    for (const file of files) {
      const text = diskText(file);
      if (text === null) continue;
      const fresh = pulled.get(file);
      if (fresh) disk.remember(file, text, fresh.found);
      before.push(...(fresh ? fresh.found : (disk.before(file, text) ?? [])));
    }
  };
  const afterText = (file: string): string | null =>
    after.has(file) ? (after.get(file) ?? '') : diskText(file);
  const pullAfter = async (files: readonly string[]): Promise<void> => {
    // pyright answers for open documents only: an importer whose "before" was known is
    // opened now, as on disk.
    for (const { found } of await pullAll(files, afterText)) afterDiagnostics.push(...found);
  };
  try {
    // The changed modules first (before, then as proposed), answered at once; then the
    // importers, with the changed modules shown as on disk again for a "before" that is not
    // known. With a created module among them, the importers' "before" comes first (it is
    // absent then). The importers are opened only after the changed modules are answered:
    // pyright analyses open documents while a pull waits, so importers opened first (attr's
    // _make.py) delayed the changed module's answer by their whole analysis. Opened together
    // afterwards, their pulls still share one type evaluation.
    const importers = affected.filter((file) => !after.has(file));
    const early = createdPaths.length === 0;
    await collectBefore(changed);
    if (!early) await collectBefore(importers);
    const unknown = early && anyUnknown(importers, disk, diskText);
    await showChanged(true);
    await pullAfter(changed);
    if (importers.length) {
      if (early) {
        job.onChangedFiles?.({
          state: 'checked',
          before: [...before],
          after: [...afterDiagnostics],
          filesChecked: changed.length,
        });
        if (unknown) {
          await showChanged(false);
          await collectBefore(importers);
          await showChanged(true);
        } else await collectBefore(importers);
      }
      await pullAfter(importers);
    }
  } finally {
    for (const file of opened)
      await connection.sendNotification('textDocument/didClose', {
        textDocument: { uri: uriOf(file) },
      });
  }
  return {
    before,
    after: afterDiagnostics,
    filesChecked: affected.length,
    ...(waiting.length ? { note: waitingNote(createdPaths, waiting) } : {}),
  };
}

/**
 * Which files the check covers: the changed modules and, unless every one keeps its shape,
 * the files that take a name they change (through `__init__.py` barrels too). The modules the
 * proposal creates, and the files `waiting` for them, are apart.
 */
function checkScope(
  job: PyrightCheckJob,
  diskText: (file: string) => string | null,
): { createdPaths: string[]; waiting: string[]; affected: string[] } {
  const { changes } = job;
  const changed = changes.map((c) => c.path);
  // Every changed module keeps its shape (comments, blank lines): its importers see nothing new.
  const unseen = changes.every((c) => {
    const text = c.after === null ? null : diskText(c.path);
    return text !== null && c.after !== null && samePythonShape(text, c.after);
  });
  const createdPaths = changes
    .filter((c) => c.after !== null && diskText(c.path) === null)
    .map((c) => c.path);
  const importersOf = job.importersOf(createdPaths);
  // pyright resolves an import only to a file on disk: a module the proposal creates is not
  // one yet, so the files that import it would be checked with it missing. They are left out,
  // and the outcome says so.
  const waiting = [...new Set(createdPaths.flatMap((file) => [...importersOf(file)]))].filter(
    (file) => !changes.some((c) => c.path === file),
  );
  const affected = unseen
    ? changed
    : affectedPythonFilesByName(
        changes.map((c) => ({
          path: c.path,
          names: changedModuleNames(c.path, diskText(c.path), c.after),
        })),
        (file) => (createdPaths.includes(file) ? [] : importersOf(file)),
        diskText,
      );
  return { createdPaths, waiting, affected };
}

/** Whether a file's "before" is not known yet for this disk state. */
function anyUnknown(
  files: readonly string[],
  disk: PyrightDiskSide,
  diskText: (file: string) => string | null,
): boolean {
  return files.some((file) => {
    const text = diskText(file);
    return text !== null && !disk.before(file, text);
  });
}

/** The outcome's words for the files that import a created module and were not checked. */
function waitingNote(createdPaths: readonly string[], waiting: readonly string[]): string {
  const named =
    waiting.slice(0, 3).join(', ') + (waiting.length > 3 ? ` and ${waiting.length - 3} more` : '');
  return `pyright sees a new module only once it is on disk, so the files that import ${createdPaths.join(', ')} (${named}) were not checked against it`;
}
