import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  attachmentsFromPaths,
  checkImageInputs,
  readImageFile,
} from '../../../../src/main/core/agent/image-attachments';
import { MAX_IMAGE_BYTES } from '../../../../src/shared/image-attachments';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { gifBytes, jpegBytes, pdfBytes, pngBytes, webpBytes } from '../../../support/image-bytes';

let project: string;
let elsewhere: string;
let workspace: Workspace;

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-attach-project-'));
  elsewhere = await mkdtemp(path.join(os.tmpdir(), 'sluice-attach-desktop-'));
  await mkdir(path.join(project, 'docs'));
  workspace = await Workspace.open(project);
});

afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(elsewhere, { recursive: true, force: true });
});

describe('readImageFile', () => {
  it('a project file - read through the workspace, relative to the root by default', async () => {
    const png = pngBytes(6, 4);
    await writeFile(path.join(project, 'docs', 'shot.png'), png);
    expect(await readImageFile('docs/shot.png', workspace)).toEqual({
      image: { name: 'shot.png', mediaType: 'image/png', data: png.toString('base64') },
    });
    expect(await readImageFile('shot.png', workspace, { cwd: path.join(project, 'docs') })).toEqual(
      { image: { name: 'shot.png', mediaType: 'image/png', data: png.toString('base64') } },
    );
  });

  it('an absolute path outside the project - the person chose it: read as they typed it', async () => {
    const jpeg = jpegBytes(16, 16);
    await writeFile(path.join(elsewhere, 'Screenshot 1.jpg'), jpeg);
    const read = await readImageFile(path.join(elsewhere, 'Screenshot 1.jpg'), workspace);
    expect(read).toEqual({
      image: { name: 'Screenshot 1.jpg', mediaType: 'image/jpeg', data: jpeg.toString('base64') },
    });
  });

  it('a project symlink leading out - refused by the workspace, as for every project path', async () => {
    await writeFile(path.join(elsewhere, 'secret.png'), pngBytes(1, 1));
    await symlink(path.join(elsewhere, 'secret.png'), path.join(project, 'link.png'));
    const read = await readImageFile('link.png', workspace);
    expect(read).toEqual({ refused: expect.stringContaining('Refused by the sandbox') as string });
  });

  it('a PDF - refused by its bytes, whatever its name says', async () => {
    await writeFile(path.join(project, 'x.pdf'), pdfBytes());
    await writeFile(path.join(project, 'disguised.png'), pdfBytes());
    expect(await readImageFile('x.pdf', workspace)).toEqual({
      refused: 'x.pdf is not an image Claude can read (PNG, JPEG, GIF or WebP).',
    });
    expect(await readImageFile('disguised.png', workspace)).toEqual({
      refused: 'disguised.png is not an image Claude can read (PNG, JPEG, GIF or WebP).',
    });
  });

  it('a file over the API limit - refused with its size and the limit', async () => {
    const big = Buffer.concat([pngBytes(2, 2), Buffer.alloc(MAX_IMAGE_BYTES)]);
    await writeFile(path.join(elsewhere, 'big.png'), big);
    const read = await readImageFile(path.join(elsewhere, 'big.png'), workspace);
    expect(read).toEqual({
      refused:
        'big.png is 3.75 MB; Claude takes images of at most 3.75 MB (5 MB once encoded for the API). Save it smaller (a lower resolution, or as JPEG) and attach it again.',
    });
  });

  it('missing, a folder, empty, a blank path - each refused in words', async () => {
    await writeFile(path.join(project, 'empty.png'), '');
    expect(await readImageFile('nope.png', workspace)).toEqual({
      refused: '"nope.png" does not exist.',
    });
    expect(await readImageFile('docs', workspace)).toEqual({
      refused: '"docs" is a folder, not an image file.',
    });
    expect(await readImageFile('empty.png', workspace)).toEqual({
      refused: 'empty.png is empty: there is no image in it.',
    });
    expect(await readImageFile('  ', workspace)).toEqual({
      refused: 'An image to attach needs its file path.',
    });
  });

  it('a home path - "~/" is the home folder', async () => {
    const read = await readImageFile('~/surely-not-here-sluice.png', workspace);
    expect(read).toEqual({ refused: '"~/surely-not-here-sluice.png" does not exist.' });
  });
});

describe('attachmentsFromPaths', () => {
  it('several files - every one, in order, with its type', async () => {
    await writeFile(path.join(project, 'a.gif'), gifBytes(2, 2));
    await writeFile(path.join(elsewhere, 'b.webp'), webpBytes(2, 2));
    const result = await attachmentsFromPaths(['a.gif', path.join(elsewhere, 'b.webp')], workspace);
    expect('images' in result && result.images.map((i) => [i.name, i.mediaType])).toEqual([
      ['a.gif', 'image/gif'],
      ['b.webp', 'image/webp'],
    ]);
  });

  it('the first file refused - the whole set is, with its reason', async () => {
    await writeFile(path.join(project, 'a.png'), pngBytes(2, 2));
    await writeFile(path.join(project, 'notes.pdf'), pdfBytes());
    expect(await attachmentsFromPaths(['a.png', 'notes.pdf'], workspace)).toEqual({
      refused: 'notes.pdf is not an image Claude can read (PNG, JPEG, GIF or WebP).',
    });
  });

  it('more than 20 paths - refused before any file is read', async () => {
    const paths = Array.from({ length: 21 }, (_, i) => `missing-${i}.png`);
    expect(await attachmentsFromPaths(paths, workspace)).toEqual({
      refused:
        'At most 20 images go with one message (21 were attached). Send the others in a later message.',
    });
  });
});

describe('checkImageInputs', () => {
  it('the type an image claims - replaced by the one its bytes say', () => {
    const data = jpegBytes(8, 8).toString('base64');
    expect(checkImageInputs([{ name: 'a.png', mediaType: 'image/png', data }])).toEqual({
      images: [{ name: 'a.png', mediaType: 'image/jpeg', data }],
    });
  });

  it('bytes that are no image, or no base64 - refused in words', () => {
    const pdf = pdfBytes().toString('base64');
    expect(checkImageInputs([{ name: 'x.pdf', mediaType: 'image/png', data: pdf }])).toEqual({
      refused: 'x.pdf is not an image Claude can read (PNG, JPEG, GIF or WebP).',
    });
    expect(checkImageInputs([{ name: 'a.png', mediaType: 'image/png', data: '%%%' }])).toEqual({
      refused: "Image 1 is not an image file's name, type and base64 bytes.",
    });
  });
});
