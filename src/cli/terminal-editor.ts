// The person's own editor ($VISUAL, $EDITOR, else vi) on a private copy of a text.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { childStdio } from '../main/core/process/child-descriptors';

/** Opens the text in $VISUAL / $EDITOR (default vi) and returns what was saved. */
export async function editInEditor(
  initial: string,
  fileName: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string> {
  const editor = (env.VISUAL || env.EDITOR || 'vi').trim();
  const [command, ...args] = editor.split(/\s+/u);
  if (!command) throw new Error('no editor is set: set $EDITOR');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sluice-edit-'));
  const file = path.join(dir, path.basename(fileName) || 'proposal.txt');
  try {
    await writeFile(file, initial, { mode: 0o600 });
    await new Promise<void>((resolve, reject) => {
      const child = spawn(command, [...args, file], {
        stdio: childStdio(['inherit', 'inherit', 'inherit']),
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${command} exited with code ${code ?? 'null'}`)),
      );
    });
    return await readFile(file, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
