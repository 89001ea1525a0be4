// A program as the sandbox will find it: the first on PATH outside the folders the sandbox
// hides (the person's home, /root, /tmp, /run), so a tool installed only under the home (a
// pyenv shim) is not mistaken for one a test run can start.
import path from 'node:path';
import { findExecutable } from '../diagnostics/find-executable';

const HIDDEN = ['/root', '/home', '/tmp', '/var/tmp', '/run', '/dev/shm'];

export function sandboxExecutable(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const home = env.HOME && path.isAbsolute(env.HOME) && env.HOME !== '/' ? [env.HOME] : [];
  const hidden = [...HIDDEN, ...home];
  const visible = (env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir && !hidden.some((h) => dir === h || dir.startsWith(`${h}/`)));
  return findExecutable(name, { PATH: visible.join(path.delimiter) });
}
