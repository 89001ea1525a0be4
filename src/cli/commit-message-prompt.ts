// The person's word on a drafted commit message at the terminal: accept it, edit it in their
// editor ($VISUAL, $EDITOR, else vi), or stop. The draft is the model's text: shown escaped.
import { createInterface } from 'node:readline';
import { visibleUntrusted } from '../shared/untrusted-text';
import type { CliIo } from './cli-io';
import { editInEditor } from './terminal-approval';

export type MessageChoice = { kind: 'commit'; message: string } | { kind: 'stop' };

/** Reads one line from the terminal after writing `question` to stderr. */
export function askLine(io: CliIo, question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: io.stdin, terminal: false });
    let answered = false;
    rl.once('line', (line) => {
      answered = true;
      rl.close();
      resolve(line.trim());
    });
    rl.once('close', () => {
      if (!answered) resolve('');
    });
    io.stderr.write(question);
  });
}

/** The message edited in the person's editor (`#` lines dropped); null when the editor failed. */
async function editedMessage(io: CliIo, text: string): Promise<string | null> {
  try {
    return (await editInEditor(`${text}\n`, 'COMMIT_EDITMSG', io.env))
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n')
      .trim();
  } catch {
    return null;
  }
}

/** Shows the draft and asks until the person commits (as is or edited) or stops. */
export async function reviewDraft(io: CliIo, draft: string): Promise<MessageChoice> {
  let message = draft;
  for (;;) {
    io.stderr.write(`\nDrafted commit message:\n\n${indent(visibleUntrusted(message))}\n\n`);
    const answer = (await askLine(io, 'Commit with it? [y]es / [e]dit / [n]o: ')).toLowerCase();
    if (answer === 'y' || answer === 'yes') return { kind: 'commit', message };
    if (answer === 'e' || answer === 'edit') {
      const edited = await editedMessage(io, message);
      if (edited === null) io.stderr.write('The editor did not exit cleanly; the draft is kept.\n');
      else if (!edited) io.stderr.write('The edited message is empty; the draft is kept.\n');
      else message = edited;
      continue;
    }
    if (answer === 'n' || answer === 'no' || answer === '') return { kind: 'stop' };
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
