// A session screen on this process's own stdin (a pipe the test writes to, taken for a
// terminal, so Node's handling of a paused stdin is the real one): the screen is shown, a
// review takes the terminal and waits for a line, Ctrl+C gives that line up and ends the
// review in the same turn of the event loop. Says "ready" then; a prompt typed after it must
// reach the screen, which says "sent: TEXT" and ends the process.
import { LineReader } from '../../../src/cli/line-reader';
import { PromptHistory } from '../../../src/cli/session/prompt-editing';
import { SessionScreen } from '../../../src/cli/session/session-screen';
import { SessionStore } from '../../../src/cli/session/session-store';

const stdin = Object.assign(process.stdin, { isTTY: true, setRawMode: () => stdin });
const store = new SessionStore({ mode: 'ask', model: 'claude-sonnet-5-5' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const screen = new SessionScreen(
  store,
  {
    contextWindow: 200_000,
    prompt: {
      history: new PromptHistory([]),
      sources: { commands: () => [], files: async () => [] },
      placeholder: 'Ask Claude…',
      drafts: store.drafts,
      onSubmit: (text) => {
        process.stderr.write(`sent: ${text}\n`);
        void screen.close().then(() => process.exit(0));
      },
      onEscape: () => undefined,
      onCtrlC: () => undefined,
      onExit: () => undefined,
    },
  },
  { stdin, stdout: process.stdout, stderr: process.stderr },
);

screen.show();
await pause(200);
await screen.beginReview();
const reader = new LineReader(stdin);
void reader.next();
await pause(200);
await Promise.resolve().then(() => {
  reader.cancel();
  screen.endReview();
});
process.stderr.write('ready\n');
