// Builds the Electron main bundle with the project's electron-vite config, and runs a built
// bundle under plain Node with the stub `electron` (tests/support/electron-stub): what was
// loaded when the first window was created, and when the engine answered its first IPC call.
// Used by tests/main/electron/main-bundle-startup.test.ts and bench/startup-bench.ts.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const register = path.join(repo, 'tests', 'support', 'electron-stub', 'register.mjs');

export interface StubEvent {
  readonly event: 'window' | 'engine';
  /** Milliseconds since the process started (its own clock). */
  readonly ms: number;
  /** Milliseconds from spawning the process until the line arrived (the caller's clock). */
  readonly wallMs: number;
  readonly ok?: boolean;
  /** npm packages loaded by then. */
  readonly packages: string[];
}

export interface MainBundleRun {
  readonly window: StubEvent;
  readonly engine: StubEvent;
  readonly stderr: string;
}

/**
 * Builds out/main the way `npm run build` does, into a folder under node_modules/.cache (so
 * the bundle resolves the project's node_modules); returns the path of its index.js.
 */
export async function buildMainBundle(): Promise<{ entry: string; dispose(): Promise<void> }> {
  const { resolveConfig } = await import('electron-vite');
  const { build } = await import('vite');
  const cacheDir = path.join(repo, 'node_modules', '.cache');
  await mkdir(cacheDir, { recursive: true });
  const dir = await mkdtemp(path.join(cacheDir, 'sluice-main-bundle-'));
  const resolved = await resolveConfig(
    { configFile: path.join(repo, 'electron.vite.config.ts'), root: repo, logLevel: 'silent' },
    'build',
    'production',
  );
  const main = resolved.config?.main;
  if (!main) throw new Error('electron.vite.config.ts has no main build');
  const outDir = path.join(dir, 'main');
  await build({
    ...main,
    configFile: false,
    logLevel: 'silent',
    build: { ...main.build, outDir, emptyOutDir: true },
  });
  return {
    entry: path.join(outDir, 'index.js'),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Runs the bundle under Node with the stub electron until the engine has answered. */
export async function runMainBundle(entry: string, timeoutMs = 60_000): Promise<MainBundleRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sluice-stub-run-'));
  try {
    const log = path.join(dir, 'resolved.log');
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', register, entry], {
      env: {
        ...process.env,
        SLUICE_HOME: path.join(dir, 'home'),
        SLUICE_STUB_USER_DATA: dir,
        SLUICE_STUB_LOG: log,
        ELECTRON_RENDERER_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const arrivals: number[] = [];
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const lines = stdout.split('\n').filter((l) => l.startsWith('SLUICE_STUB ')).length;
      while (arrivals.length < lines) arrivals.push(performance.now() - started);
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the main bundle did not start within ${timeoutMs} ms: ${stderr}`));
      }, timeoutMs);
      child.on('error', reject);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    const events = stdout
      .split('\n')
      .filter((line) => line.startsWith('SLUICE_STUB '))
      .map((line, i): StubEvent => ({
        ...(JSON.parse(line.slice('SLUICE_STUB '.length)) as Omit<StubEvent, 'wallMs'>),
        wallMs: arrivals[i] ?? Number.NaN,
      }));
    const window = events.find((e) => e.event === 'window');
    const engine = events.find((e) => e.event === 'engine');
    if (!window || !engine)
      throw new Error(`the main bundle exited (${code}) without a window and an engine: ${stderr}`);
    return { window, engine, stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
