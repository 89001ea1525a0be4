// Which container engine a background run talks to: the Docker Engine API, which
// Docker and Podman (`podman system service`) both serve, found as the docker CLI finds it:
// `DOCKER_HOST` (`unix://PATH`, `tcp://HOST:PORT` with DOCKER_TLS_VERIFY / DOCKER_CERT_PATH,
// `ssh://USER@HOST` through the SSH agent), else the first local socket that exists (Docker's,
// then rootful and rootless Podman's). Everything Sluice creates on an engine carries two
// labels: `sluice.run=<change set>` and `sluice.home=<hash of SLUICE_HOME>`, so the start-up
// sweep of one SLUICE_HOME never touches another's containers, or anyone else's.
import Docker from 'dockerode';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ContainerEngine {
  readonly docker: Docker;
  /** Where it is, as the person would write it (`unix:///run/podman/podman.sock`). */
  readonly description: string;
}

export const RUN_LABEL = 'sluice.run';
export const HOME_LABEL = 'sluice.home';

/** The `sluice.home` label: a hash of SLUICE_HOME's real path (the path itself stays here). */
export function homeLabel(home: string): string {
  let real = path.resolve(home);
  try {
    real = realpathSync.native(real);
  } catch {
    // Not made yet: the resolved path names it.
  }
  return createHash('sha256').update(real).digest('hex').slice(0, 16);
}

export function runLabels(home: string, id: string): Record<string, string> {
  return { [RUN_LABEL]: id, [HOME_LABEL]: homeLabel(home) };
}

export class ContainerEngineError extends Error {
  override readonly name = 'ContainerEngineError';
}

function localSockets(env: NodeJS.ProcessEnv): string[] {
  const uid = process.getuid?.() ?? 0;
  const runtime = env.XDG_RUNTIME_DIR || `/run/user/${uid}`;
  return [
    '/var/run/docker.sock',
    '/run/podman/podman.sock',
    path.join(runtime, 'podman', 'podman.sock'),
    path.join(env.HOME || os.homedir(), '.docker', 'run', 'docker.sock'),
  ];
}

/**
 * The engine named by `env` (DOCKER_HOST) or found on this machine. Throws
 * ContainerEngineError with what to do when there is none or DOCKER_HOST cannot be read.
 */
export function connectEngine(
  env: NodeJS.ProcessEnv = process.env,
  exists: (file: string) => boolean = existsSync,
): ContainerEngine {
  const host = env.DOCKER_HOST?.trim();
  if (!host) {
    const socket = localSockets(env).find((file) => exists(file));
    if (!socket)
      throw new ContainerEngineError(
        `no container engine was found: DOCKER_HOST is not set and none of ${localSockets(env).join(', ')} exists. Start one (\`podman system service --time=0 &\`, or Docker) or set DOCKER_HOST (unix://, tcp:// or ssh://)`,
      );
    return { docker: new Docker({ socketPath: socket }), description: `unix://${socket}` };
  }
  if (host.startsWith('unix://')) {
    const socket = host.slice('unix://'.length);
    if (!path.isAbsolute(socket))
      throw new ContainerEngineError(
        `DOCKER_HOST=${host}: a unix:// address needs an absolute path`,
      );
    return { docker: new Docker({ socketPath: socket }), description: host };
  }
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    throw new ContainerEngineError(
      `DOCKER_HOST=${JSON.stringify(host)} is not an address (unix:///path, tcp://host:port, ssh://user@host)`,
    );
  }
  if (url.protocol === 'ssh:')
    return {
      docker: new Docker({
        protocol: 'ssh',
        host: url.hostname,
        port: url.port ? Number(url.port) : 22,
        ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
        sshOptions: env.SSH_AUTH_SOCK ? { agent: env.SSH_AUTH_SOCK } : {},
      }),
      description: `ssh://${url.username ? `${url.username}@` : ''}${url.host}`,
    };
  if (url.protocol === 'tcp:' || url.protocol === 'http:' || url.protocol === 'https:') {
    const tls = env.DOCKER_TLS_VERIFY === '1' || url.port === '2376' || url.protocol === 'https:';
    const certs = env.DOCKER_CERT_PATH;
    return {
      docker: new Docker({
        protocol: tls ? 'https' : 'http',
        host: url.hostname,
        port: url.port ? Number(url.port) : tls ? 2376 : 2375,
        ...(tls && certs
          ? {
              ca: readFileSync(path.join(certs, 'ca.pem')),
              cert: readFileSync(path.join(certs, 'cert.pem')),
              key: readFileSync(path.join(certs, 'key.pem')),
            }
          : {}),
      }),
      description: `${tls ? 'https' : 'tcp'}://${url.host}`,
    };
  }
  throw new ContainerEngineError(
    `DOCKER_HOST=${JSON.stringify(host)}: ${url.protocol} is not an engine address Sluice speaks (unix://, tcp://, ssh://)`,
  );
}

/** Asks the engine for its version: a reachable engine answers, else a message says why. */
export async function engineProblem(engine: ContainerEngine): Promise<string | null> {
  try {
    await engine.docker.version();
    return null;
  } catch (error) {
    return `the container engine at ${engine.description} did not answer: ${error instanceof Error ? error.message : String(error)}`;
  }
}
