// What `sluice def`/`importers` do with the index after a quick answer (issue 30 item 5):
// the answer is printed, the person's prompt comes back, and the rest of the index is built
// by a detached child (background-index.ts); interrupted or refused, the next command goes on
// with it (the build marker stays). An io without a launcher finishes it in this process.
import type { SymbolIndex } from '../main/core/index/symbol-index';
import type { CliIo } from './cli-io';
import { oneLine } from './one-line-text';
import { sluiceHomeFor } from './project-context';

/** The end of the quick-answer note on stderr: where the rest of the index gets built. */
export function restOfIndexNote(io: CliIo): string {
  return io.startBackgroundIndex
    ? 'the rest is built in the background; the next query answers from it'
    : 'it is finished before this command exits; interrupted, the next run goes on with it';
}

export async function finishIndexAfterAnswer(
  io: CliIo,
  verb: string,
  index: SymbolIndex,
): Promise<void> {
  if (!io.startBackgroundIndex) {
    await index.refresh();
    return;
  }
  const root = index.root;
  // The quick answer's warmed files are written before the child opens the database.
  await index.close();
  const started = await io.startBackgroundIndex({ root, home: sluiceHomeFor(io), env: io.env });
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
}
