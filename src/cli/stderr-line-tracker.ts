// Whether stderr's cursor is at the start of a line. `sluice ask` prints its steps there and
// the approval prompts write their questions there ("Run this call? … > "), which end without
// a newline; a step printed while a question is open starts on a new line instead of running
// into it.
import type { CliIo } from './cli-io';

export interface TrackedIo {
  /** The same io; stderr writes are watched. */
  readonly io: CliIo;
  /** False while the last text written to stderr did not end with a newline. */
  atLineStart(): boolean;
}

export function trackStderrLines(io: CliIo): TrackedIo {
  let atStart = true;
  const stderr = io.stderr;
  const tracked: CliIo['stderr'] = {
    write(text: string) {
      if (text.length) atStart = text.endsWith('\n');
      return stderr.write(text);
    },
    ...(stderr.isTTY !== undefined ? { isTTY: stderr.isTTY } : {}),
  };
  return { io: { ...io, stderr: tracked }, atLineStart: () => atStart };
}
