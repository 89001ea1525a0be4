// The index behind `sluice def`/`importers`, around a quick answer (issues 20 and 30 item 5):
// - a project with no index database yet has no build to answer from: the quick search
//   answers without opening one (creating and migrating it came before the answer), and the
//   database is first created by whoever builds the index;
// - otherwise the index opens at once and tells whether it is complete (symbol-index.ts);
// - after a quick answer is printed the person's prompt comes back, and the rest of the index
//   is built by a detached child (background-index.ts); interrupted or refused, the next
//   command goes on with it (the build marker stays). An io without a launcher (an
//   embedding, most tests) finishes it in this process, warmed with the files the answer
//   parsed.
import type { QuickAnswers } from '../main/core/index/quick-answers';
import { quickAnswersBeforeDatabase } from '../main/core/index/quick-answers-before-database';
import {
  openProjectIndexUnrefreshed,
  projectIndexHome,
} from '../main/core/index/open-project-index';
import type { SymbolIndex } from '../main/core/index/symbol-index';
import type { Workspace } from '../main/core/workspace/workspace';
import type { CliIo } from './cli-io';
import { oneLine } from './one-line-text';

/** The end of the quick-answer note on stderr: where the rest of the index gets built. */
export function restOfIndexNote(io: CliIo): string {
  return io.startBackgroundIndex
    ? 'the rest is built in the background; the next query answers from it'
    : 'it is finished before this command exits; interrupted, the next run goes on with it';
}

export interface SymbolQueryIndex {
  /** Quick answers while there is no complete build; undefined when the index answers. */
  quickAnswers(): QuickAnswers | undefined;
  /** The index, opened on first use (warmed with what the quick answers parsed). */
  index(): SymbolIndex;
  /** After a quick answer was printed: the rest of the index, in the background or here. */
  finishAfterAnswer(verb: string): Promise<void>;
  close(): Promise<void>;
}

export function openSymbolQueryIndex(io: CliIo, workspace: Workspace): SymbolQueryIndex {
  const input = { source: workspace, env: io.env, cwd: io.cwd };
  const home = projectIndexHome(input);
  const before = quickAnswersBeforeDatabase(home, workspace);
  let opened: SymbolIndex | undefined = before ? undefined : openProjectIndexUnrefreshed(input);
  const index = (): SymbolIndex => {
    if (opened) return opened;
    const fresh = openProjectIndexUnrefreshed(input);
    opened = fresh;
    const parsed = before?.parsed() ?? [];
    if (parsed.length) void fresh.warm(parsed).catch(() => undefined);
    return fresh;
  };
  return {
    quickAnswers: () => (opened ? opened.quickAnswers() : before?.quick),
    index,
    async finishAfterAnswer(verb) {
      if (!io.startBackgroundIndex) {
        await index().refresh();
        return;
      }
      // An open index writes the quick answer's warmed files before the child opens it; with
      // no database yet the child builds it from the start (those few files parsed again).
      await opened?.close();
      const started = await io.startBackgroundIndex({ root: workspace.root, home, env: io.env });
      if (started.kind === 'started')
        io.stderr.write(
          `sluice ${verb}: indexing in the background (pid ${started.pid}, log: ${oneLine(started.log)}).\n`,
        );
      else if (started.kind === 'running')
        io.stderr.write(
          `sluice ${verb}: the index is being built in the background (pid ${started.pid}).\n`,
        );
      else
        io.stderr.write(
          `sluice ${verb}: could not start the background index (${oneLine(started.message)}); the next query goes on with it, or run sluice index.\n`,
        );
      io.mayEndPromptly?.();
    },
    close: async () => {
      await opened?.close();
    },
  };
}
