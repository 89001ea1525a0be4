// A real container engine for tests of container runs (issue 33): the one DOCKER_HOST names
// (CI starts Podman's API service on a non-default socket and sets it), else a Podman API
// service this helper starts on a socket in a temp folder and stops afterwards. The image is
// scripts/build-test-image.sh's (node, npm and a shell from this machine, `podman import`ed,
// never pulled). Tests skip, saying why, only when no engine can be had at all.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectEngine, type ContainerEngine } from '../../src/main/core/runs/container-engine';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface TestEngine {
  readonly engine: ContainerEngine;
  /** `unix:///…/engine.sock`: the engine's address as DOCKER_HOST. */
  readonly dockerHost: string;
  readonly image: string;
  stop(): Promise<void>;
}

export type TestEngineResult = TestEngine | { readonly skip: string };

function podmanAvailable(): boolean {
  try {
    execFileSync('podman', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function waitForSocket(file: string, child: ChildProcess): Promise<boolean> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if (existsSync(file)) return true;
    if (child.exitCode !== null) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

export async function startTestEngine(): Promise<TestEngineResult> {
  let child: ChildProcess | null = null;
  let dir: string | null = null;
  let dockerHost = process.env.DOCKER_HOST?.trim() ?? '';
  if (!dockerHost) {
    if (!podmanAvailable())
      return { skip: 'no container engine: DOCKER_HOST is not set and podman is not installed' };
    dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-engine-'));
    const socket = path.join(dir, 'engine.sock');
    child = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], {
      stdio: 'ignore',
    });
    if (!(await waitForSocket(socket, child))) {
      child.kill('SIGKILL');
      return { skip: `podman could not start its API service on ${socket}` };
    }
    dockerHost = `unix://${socket}`;
  }
  const engine = connectEngine({ DOCKER_HOST: dockerHost });
  const image = execFileSync(path.join(REPO, 'scripts/build-test-image.sh'), {
    encoding: 'utf8',
  }).trim();
  return {
    engine,
    dockerHost,
    image,
    stop: async () => {
      child?.kill('SIGTERM');
      if (child && child.exitCode === null)
        await new Promise((resolve) => child?.once('exit', resolve));
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
