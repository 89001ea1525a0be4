// Runs the built `sluice serve` as a child process, exactly as a person would start it: a
// temporary SLUICE_HOME, a temporary copy of the e2e fixture project, and the Anthropic
// endpoint pointed at a fake server living in the test process.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const FIXTURE_PROJECT = path.join(import.meta.dirname, '..', 'fixtures', 'project');
const SLUICE_BIN = path.join(REPO_ROOT, 'bin', 'sluice.js');
const BUILT = [
  path.join(REPO_ROOT, 'out', 'cli', 'main.js'),
  path.join(REPO_ROOT, 'out', 'renderer', 'index.html'),
];
const START_TIMEOUT_MS = 30_000;

export interface ServeOptions {
  /** ANTHROPIC_BASE_URL for the server: the fake Anthropic server. */
  anthropicBaseUrl: string;
}

export interface ServeProcess {
  /** The URL it printed, with the access token. */
  readonly url: string;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly token: string;
  /** The temporary copy of the fixture project it serves (a realpath). */
  readonly projectDir: string;
  readonly home: string;
  /** Everything the process wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** Reads a project file as text (relative to the project root). */
  read(relative: string): Promise<string>;
  /** A new copy of the fixture project in the scratch folder (removed by close). */
  freshProjectCopy(): Promise<string>;
  /** Puts every fixture file back to its original content (tests start from the same files). */
  resetProject(): Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s; removes the temporary folders. */
  close(): Promise<void>;
}

/** Throws the instruction a person needs when the build output is missing. */
export function assertBuilt(): void {
  const missing = BUILT.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The e2e tests run the built app, and ${missing.map((f) => path.relative(REPO_ROOT, f)).join(', ')} is missing: run npm run build first.`,
    );
  }
}

/** The original text of a fixture file (what resetProject restores). */
export function fixtureText(relative: string): Promise<string> {
  return readFile(path.join(FIXTURE_PROJECT, relative), 'utf8');
}

function waitForUrl(child: ChildProcess, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      finish(
        new Error(
          `sluice serve printed no URL within ${START_TIMEOUT_MS} ms.\nstdout: ${out}\nstderr: ${stderr()}`,
        ),
      );
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /Open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (match?.[1]) finish(undefined, match[1]);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      finish(
        new Error(
          `sluice serve exited (code ${code}, signal ${signal}) before printing its URL.\nstdout: ${out}\nstderr: ${stderr()}`,
        ),
      );
    };
    function finish(error: Error | undefined, url?: string) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(url as string);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

export async function startServe(options: ServeOptions): Promise<ServeProcess> {
  assertBuilt();
  const scratch = await mkdtemp(path.join(tmpdir(), 'sluice-e2e-'));
  const home = path.join(scratch, 'home');
  const projectDir = path.join(scratch, 'project');
  await cp(FIXTURE_PROJECT, projectDir, { recursive: true });

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('ANTHROPIC_')) delete env[key];
  const child = spawn(process.execPath, [SLUICE_BIN, 'serve', '--project', projectDir], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      SLUICE_HOME: home,
      ANTHROPIC_API_KEY: 'sk-ant-e2e-fake-key',
      ANTHROPIC_BASE_URL: options.anthropicBaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderrText = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrText += chunk.toString('utf8');
  });
  // Keep draining stdout so the child never blocks on a full pipe.
  child.stdout?.on('data', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(scratch, { recursive: true, force: true });
  };

  let url: string;
  try {
    url = await waitForUrl(child, () => stderrText);
  } catch (error) {
    await close();
    throw error;
  }
  const parsed = new URL(url);
  let copies = 0;
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    projectDir,
    home,
    stderr: () => stderrText,
    read: (relative) => readFile(path.join(projectDir, relative), 'utf8'),
    async freshProjectCopy() {
      copies += 1;
      const copy = path.join(scratch, `project-copy-${copies}`);
      await cp(FIXTURE_PROJECT, copy, { recursive: true });
      return copy;
    },
    async resetProject() {
      for (const relative of ['src/format.ts', 'src/cart.ts', 'src/invoice.ts', 'src/config.ts']) {
        const original = await fixtureText(relative);
        if ((await readFile(path.join(projectDir, relative), 'utf8')) !== original) {
          await writeFile(path.join(projectDir, relative), original);
        }
      }
    },
    close,
  };
}
