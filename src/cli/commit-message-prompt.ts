// The person's word on a drafted commit message at the terminal: accept it, edit it in their
// editor ($VISUAL, $EDITOR, else vi), or stop. The draft is the model's text: shown escaped.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { visibleUntrusted } from '../shared/untrusted-text';
import type { CliIo } from './cli-io';

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

/** Opens `text` in the person's editor; the saved text, or null when the editor failed. */
export async function editInEditor(io: CliIo, text: string): Promise<string | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sluice-commit-'));
  const file = path.join(dir, 'COMMIT_EDITMSG');
  try {
    await writeFile(file, `${text}\n`, { mode: 0o600 });
    const editor = io.env.VISUAL || io.env.EDITOR || 'vi';
    // The editor is the person's own program, from their environment, run through their shell
    // as git runs core.editor (so "code --wait" works).
    const code = await new Promise<number>((resolve) => {
      const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'sh', file], {
        stdio: 'inherit',
        env: { ...io.env } as NodeJS.ProcessEnv,
      });
      child.on('error', () => resolve(127));
      child.on('close', (c) => resolve(c ?? 1));
    });
    if (code !== 0) return null;
    return (await readFile(file, 'utf8'))
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n')
      .trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
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
      const edited = await editInEditor(io, message);
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
