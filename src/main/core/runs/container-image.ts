// The image a container run starts from, in this order: the image the person named for this
// run (`--image`); the project's devcontainer (`.devcontainer/devcontainer.json` or
// `.devcontainer.json`, JSONC): its `image`, or its Dockerfile built by the engine; the
// `backgroundImage` setting; else a refusal saying how to name one.
// Never a pull: an image (or a Dockerfile's FROM or COPY --from) the engine does not already
// hold is refused with the command that would fetch it, for the person to run if they trust
// that registry. A devcontainer build is code from the project: it runs only once the person
// approved exactly what goes in (a pin: the hash of the context, Dockerfile, arguments and
// target; devcontainer-build-approvals.ts), with the network off, from a context and
// Dockerfile inside the project, never with an ADD of a URL (dockerfile-instructions.ts); it is
// tagged by its pin so an unchanged devcontainer is built once.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import type { ContainerEngine } from './container-engine';
import { HOME_LABEL, homeLabel } from './container-engine';
import { writeTar, type TarEntry } from './tar-archive';
import { dockerfileReach } from './dockerfile-instructions';

export class ContainerImageError extends Error {
  override readonly name = 'ContainerImageError';
}

/** What the person approves before a devcontainer build runs. */
export interface BuildApprovalRequest {
  /** sha-256 of everything that goes into the build. */
  readonly pin: string;
  /** The Dockerfile, project-relative, and its text (the project's: show it escaped). */
  readonly dockerfile: string;
  readonly text: string;
  /** The build context, project-relative ("." for the root). */
  readonly context: string;
}

/** A devcontainer build the person has not approved (in this version): nothing was built. */
export class BuildApprovalNeeded extends ContainerImageError {
  constructor(readonly request: BuildApprovalRequest) {
    super(
      `the project's ${request.dockerfile} is code from the project, and Sluice builds it only once you approve this version of it (pin ${request.pin.slice(0, 12)}): start the run on a terminal (sluice ask --mode propose --executor container) to be shown it and asked, or name an image (--image, or the background image setting)`,
    );
  }
}

export interface RunImage {
  /** The reference the run's container starts from. */
  readonly ref: string;
  /** Where it came from, for the run's record ("devcontainer.json image", "--image", …). */
  readonly source: string;
}

const NAME_ONE =
  'name one with `--image IMAGE` (an image already on the engine, e.g. one you built or pulled yourself), the backgroundImage setting, or a .devcontainer/devcontainer.json with "image" or "build"';

/** A devcontainer build context is sent to the engine whole: bounded. */
const MAX_CONTEXT_BYTES = 200 * 1024 * 1024;
const MAX_CONTEXT_ENTRIES = 20_000;

interface DevcontainerSpec {
  readonly file: string;
  readonly image?: string | undefined;
  readonly dockerfile?: string | undefined;
  readonly context?: string | undefined;
  readonly args?: Record<string, string> | undefined;
  readonly target?: string | undefined;
}

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function realInside(root: string, file: string, what: string): string {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    throw new ContainerImageError(`${what} ${path.relative(root, file)} does not exist`);
  }
  if (!inside(root, real))
    throw new ContainerImageError(`${what} ${path.relative(root, file)} is outside the project`);
  return real;
}

/** The project's devcontainer definition, or null when it has none. */
export function readDevcontainer(root: string): DevcontainerSpec | null {
  for (const rel of ['.devcontainer/devcontainer.json', '.devcontainer.json']) {
    const file = path.join(root, rel);
    let text: string;
    try {
      if (!lstatSync(file).isFile()) continue;
      text = readFileSync(realInside(root, file, 'the devcontainer file'), 'utf8');
    } catch (error) {
      if (error instanceof ContainerImageError) throw error;
      continue;
    }
    const errors: ParseError[] = [];
    const json = parse(text, errors, { allowTrailingComma: true }) as unknown;
    if (errors.length || typeof json !== 'object' || json === null)
      throw new ContainerImageError(`${rel} is not valid JSON with comments`);
    const spec = json as Record<string, unknown>;
    const build = (typeof spec.build === 'object' && spec.build ? spec.build : {}) as Record<
      string,
      unknown
    >;
    const text_ = (value: unknown): string | undefined =>
      typeof value === 'string' && value.trim() ? value.trim() : undefined;
    const args: Record<string, string> = {};
    if (typeof build.args === 'object' && build.args)
      for (const [key, value] of Object.entries(build.args))
        if (typeof value === 'string') args[key] = value;
    return {
      file: rel,
      image: text_(spec.image),
      dockerfile: text_(build.dockerfile) ?? text_(spec.dockerFile),
      context: text_(build.context) ?? text_(spec.context),
      args,
      target: text_(build.target),
    };
  }
  return null;
}

async function present(engine: ContainerEngine, ref: string): Promise<boolean> {
  try {
    await engine.docker.getImage(ref).inspect();
    return true;
  } catch {
    return false;
  }
}

async function requirePresent(engine: ContainerEngine, ref: string, named: string): Promise<void> {
  if (!(await present(engine, ref)))
    throw new ContainerImageError(
      `the image ${JSON.stringify(ref)} (${named}) is not on the engine at ${engine.description}, and Sluice never pulls one: fetch it yourself if you trust its registry (\`podman pull ${ref}\` or \`docker pull ${ref}\`), or name another`,
    );
}

function contextEntries(context: string): TarEntry[] {
  const entries: TarEntry[] = [];
  let bytes = 0;
  const walk = (dir: string, rel: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      const relative = rel ? `${rel}/${name}` : name;
      const info = lstatSync(file);
      if (entries.length >= MAX_CONTEXT_ENTRIES || bytes > MAX_CONTEXT_BYTES)
        throw new ContainerImageError(
          `the devcontainer's build context is larger than ${MAX_CONTEXT_ENTRIES} entries or ${MAX_CONTEXT_BYTES / 1024 / 1024} MB (limit)`,
        );
      if (info.isDirectory()) {
        entries.push({ kind: 'dir', path: relative, mode: 0o755, mtimeMs: 0 });
        walk(file, relative);
      } else if (info.isFile()) {
        const content = readFileSync(file);
        bytes += content.length;
        entries.push({ kind: 'file', path: relative, mode: info.mode, mtimeMs: 0, bytes: content });
      } else if (info.isSymbolicLink()) {
        entries.push({ kind: 'symlink', path: relative, target: readlinkSync(file) });
      }
    }
  };
  walk(context, '');
  return entries;
}

async function buildDevcontainer(
  engine: ContainerEngine,
  root: string,
  spec: DevcontainerSpec & { dockerfile: string },
  home: string,
  approved: (pin: string) => boolean,
): Promise<string> {
  const base = path.dirname(path.join(root, spec.file));
  const context = realInside(root, path.resolve(base, spec.context ?? '.'), 'the build context');
  const dockerfile = realInside(root, path.resolve(base, spec.dockerfile), 'the Dockerfile');
  if (!inside(context, dockerfile))
    throw new ContainerImageError(
      `the Dockerfile ${path.relative(root, dockerfile)} must be inside the build context ${path.relative(root, context) || '.'}`,
    );
  const args = spec.args ?? {};
  const text = readFileSync(dockerfile, 'utf8');
  const named = path.relative(root, dockerfile);
  const reach = dockerfileReach(text, args);
  if (reach.fetches.length)
    throw new ContainerImageError(
      `${named} ADDs from the network or from a source that is not a plain path (${reach.fetches.slice(0, 3).join(', ')}); the builder fetches such a source outside the build's sandbox, so a build from the project may not: download it yourself into the project and COPY it`,
    );
  if (reach.syntax !== null)
    throw new ContainerImageError(
      `${named} names a builder frontend (# syntax=${reach.syntax}), which would be fetched from a registry; remove the line to build it here`,
    );
  for (const from of reach.images) await requirePresent(engine, from, `FROM or --from in ${named}`);
  const tar = writeTar(contextEntries(context), { uid: 0, gid: 0 });
  const pin = createHash('sha256')
    .update(tar)
    .update(JSON.stringify([path.relative(context, dockerfile), args, spec.target ?? '']))
    .digest('hex');
  if (!approved(pin))
    throw new BuildApprovalNeeded({
      pin,
      dockerfile: named,
      text,
      context: path.relative(root, context) || '.',
    });
  const tag = `localhost/sluice-devcontainer:${pin.slice(0, 16)}`;
  if (await present(engine, tag)) return tag;
  const stream = await engine.docker.buildImage(
    tar as unknown as NodeJS.ReadableStream,
    {
      t: tag,
      dockerfile: path.relative(context, dockerfile).split(path.sep).join('/'),
      buildargs: args,
      ...(spec.target ? { target: spec.target } : {}),
      networkmode: 'none',
      pull: '',
      rm: true,
      forcerm: true,
      labels: JSON.stringify({ [HOME_LABEL]: homeLabel(home) }),
    } as unknown as Parameters<typeof engine.docker.buildImage>[1],
  );
  const log: string[] = [];
  const failure = await new Promise<string | null>((resolve) => {
    engine.docker.modem.followProgress(
      stream,
      (error: Error | null) => resolve(error ? error.message : null),
      (event: { stream?: string; error?: string }) => {
        if (event.stream) log.push(event.stream);
        if (event.error) log.push(event.error);
      },
    );
  });
  if (failure || !(await present(engine, tag)))
    throw new ContainerImageError(
      `building ${path.relative(root, dockerfile)} failed${failure ? `: ${failure}` : ''}; the last lines of the build:\n${log.join('').split('\n').slice(-10).join('\n')}`,
    );
  return tag;
}

/**
 * The image for a container run of the project at `root`; throws ContainerImageError with
 * what to do next when there is none, it is not on the engine, or its build fails.
 */
export async function resolveRunImage(options: {
  readonly engine: ContainerEngine;
  readonly root: string;
  readonly home: string;
  /** `--image` for this run. */
  readonly named?: string | null | undefined;
  /** The backgroundImage setting. */
  readonly setting?: string | null | undefined;
  /** Whether the person approved a devcontainer build of this pin (absent: none is). */
  readonly buildApproved?: (pin: string) => boolean;
}): Promise<RunImage> {
  const { engine, root } = options;
  if (options.named) {
    await requirePresent(engine, options.named, '--image');
    return { ref: options.named, source: '--image' };
  }
  const spec = readDevcontainer(root);
  if (spec?.image) {
    await requirePresent(engine, spec.image, `"image" in ${spec.file}`);
    return { ref: spec.image, source: `${spec.file} image` };
  }
  if (spec?.dockerfile) {
    const ref = await buildDevcontainer(
      engine,
      root,
      { ...spec, dockerfile: spec.dockerfile },
      options.home,
      options.buildApproved ?? (() => false),
    );
    return { ref, source: `${spec.file} build` };
  }
  if (options.setting) {
    await requirePresent(engine, options.setting, 'the backgroundImage setting');
    return { ref: options.setting, source: 'backgroundImage setting' };
  }
  throw new ContainerImageError(
    spec
      ? `${spec.file} names neither "image" nor "build.dockerfile", and no image was named for background runs: ${NAME_ONE}`
      : `a container run needs an image and none was named: ${NAME_ONE}`,
  );
}
