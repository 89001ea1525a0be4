// The image of a container run against a real engine: `--image`, the project's
// devcontainer.json (its image, or its Dockerfile built by the engine with the network off,
// once the person approved it), the setting, else a refusal saying how to name one; never a pull.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dockerfileReach } from '../../../../src/main/core/runs/dockerfile-instructions';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BuildApprovalNeeded,
  ContainerImageError,
  readDevcontainer,
  resolveRunImage,
} from '../../../../src/main/core/runs/container-image';
import { startTestEngine, type TestEngine } from '../../../support/test-container-engine';

const started = await startTestEngine();
if ('skip' in started) console.warn(`container image tests skipped: ${started.skip}`);
const engine = 'skip' in started ? null : (started as TestEngine);
afterAll(async () => {
  await engine?.stop();
});

let root: string;
let home: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-img-')));
  home = path.join(root, '.home');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function devcontainer(json: string, files: Record<string, string> = {}): void {
  mkdirSync(path.join(root, '.devcontainer'), { recursive: true });
  writeFileSync(path.join(root, '.devcontainer/devcontainer.json'), json);
  for (const [name, text] of Object.entries(files))
    writeFileSync(path.join(root, '.devcontainer', name), text);
}

describe('devcontainer reading', () => {
  it('readDevcontainer - reads JSON with comments and trailing commas', () => {
    devcontainer(
      '{\n  // the image\n  "build": { "dockerfile": "Dockerfile", "args": { "V": "1" }, },\n}',
    );
    expect(readDevcontainer(root)).toMatchObject({
      file: '.devcontainer/devcontainer.json',
      dockerfile: 'Dockerfile',
      args: { V: '1' },
    });
  });

  it('dockerfileReach - stage names, scratch and ARG defaults', () => {
    const text =
      'ARG BASE=node:20\nFROM ${BASE} AS build\nRUN x\nFROM build\nFROM scratch\nFROM --platform=linux/amd64 alpine:3 AS last\n';
    expect(dockerfileReach(text, {}).images).toEqual(['node:20', 'alpine:3']);
    expect(dockerfileReach(text, { BASE: 'mine:1' }).images).toEqual(['mine:1', 'alpine:3']);
  });
});

describe.skipIf(!engine)('resolveRunImage against a real engine', () => {
  const resolve = (
    extra: { named?: string; setting?: string; buildApproved?: (pin: string) => boolean } = {},
  ) => resolveRunImage({ engine: (engine as TestEngine).engine, root, home, ...extra });

  it('resolveRunImage - no devcontainer and nothing named: a refusal that says how to name one', async () => {
    await expect(resolve()).rejects.toThrow(/none was named: name one with `--image IMAGE`/u);
  });

  it('resolveRunImage - --image first, then the devcontainer image, then the setting', async () => {
    const image = (engine as TestEngine).image;
    expect(await resolve({ setting: image })).toEqual({
      ref: image,
      source: 'backgroundImage setting',
    });
    devcontainer(JSON.stringify({ image }));
    expect(await resolve({ setting: 'other:1' })).toEqual({
      ref: image,
      source: '.devcontainer/devcontainer.json image',
    });
    expect((await resolve({ named: image })).source).toBe('--image');
  });

  it('resolveRunImage - an image the engine does not hold is refused, never pulled', async () => {
    devcontainer(JSON.stringify({ image: 'registry.invalid/nobody/never:1' }));
    const error = await resolve().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContainerImageError);
    expect((error as Error).message).toContain('Sluice never pulls one');
    expect((error as Error).message).toContain('podman pull registry.invalid/nobody/never:1');
  });

  it('resolveRunImage - a devcontainer Dockerfile is built by the engine with the network off, once', async () => {
    const image = (engine as TestEngine).image;
    devcontainer(JSON.stringify({ build: { dockerfile: 'Dockerfile', args: { NOTE: 'hi' } } }), {
      Dockerfile: `FROM ${image}\nARG NOTE\nRUN echo "$NOTE" > /tmp/note\n`,
    });
    // Not approved: nothing is built, and the refusal carries what to approve.
    const refused = await resolve().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BuildApprovalNeeded);
    const request = (refused as BuildApprovalNeeded).request;
    expect(request.dockerfile).toBe('.devcontainer/Dockerfile');
    expect(request.text).toContain('RUN echo');
    const tag = `localhost/sluice-devcontainer:${request.pin.slice(0, 16)}`;
    await expect((engine as TestEngine).engine.docker.getImage(tag).inspect()).rejects.toThrow();
    const approved = (pin: string) => pin === request.pin;
    const built = await resolve({ buildApproved: approved });
    expect(built.ref).toBe(tag);
    expect(built.source).toBe('.devcontainer/devcontainer.json build');
    expect((await resolve({ buildApproved: approved })).ref).toBe(built.ref);
    // A changed Dockerfile is another pin: asked again.
    writeFileSync(
      path.join(root, '.devcontainer', 'Dockerfile'),
      `FROM ${image}\nRUN echo changed > /tmp/note\n`,
    );
    await expect(resolve({ buildApproved: approved })).rejects.toBeInstanceOf(BuildApprovalNeeded);
    await (engine as TestEngine).engine.docker.getImage(built.ref).remove({ force: true });
  }, 120_000);

  it('resolveRunImage - a Dockerfile that ADDs a URL on the loopback is refused before any build', async () => {
    const image = (engine as TestEngine).image;
    let reached = 0;
    const listener = createServer((_req, res) => {
      reached += 1;
      res.end('payload');
    });
    await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
    const port = (listener.address() as AddressInfo).port;
    devcontainer(JSON.stringify({ build: { dockerfile: 'Dockerfile' } }), {
      Dockerfile: `# escape=\`\nFROM ${image}\nADD \`\n  http://127.0.0.1:${port}/payload /payload\n`,
    });
    try {
      await expect(resolve({ buildApproved: () => true })).rejects.toThrow(
        /ADDs from the network or from a source that is not a plain path \(http:\/\/127\.0\.0\.1/u,
      );
      expect(reached).toBe(0);
    } finally {
      listener.close();
    }
  });

  it('resolveRunImage - a Dockerfile FROM an image not on the engine fails with what to do', async () => {
    devcontainer(JSON.stringify({ build: { dockerfile: 'Dockerfile' } }), {
      Dockerfile: 'FROM registry.invalid/base:9\nRUN true\n',
    });
    await expect(resolve({ buildApproved: () => true })).rejects.toThrow(
      /registry\.invalid\/base:9.*FROM or --from in \.devcontainer\/Dockerfile.*never pulls/u,
    );
  });

  it('resolveRunImage - a build context outside the project is refused', async () => {
    devcontainer(JSON.stringify({ build: { dockerfile: 'Dockerfile', context: '../..' } }), {
      Dockerfile: 'FROM scratch\n',
    });
    await expect(resolve({ buildApproved: () => true })).rejects.toThrow(/outside the project/u);
  });
});
