// The run's layer as overlayfs leaves it: a real overlay in a user namespace (copy-mount.ts),
// so whiteouts are the kernel's own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyMountSpawn, detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { createRunCopy, sweepRunCopies } from '../../../../src/main/core/sandbox/run-copy';
import {
  changedInLayer,
  readLayerFile,
  scanLayer,
  writeLayerFile,
} from '../../../../src/main/core/sandbox/upper-layer';

let temp: string;
let lower: string;
beforeEach(() => {
  temp = mkdtempSync(path.join(os.tmpdir(), 'sluice-layer-'));
  lower = path.join(temp, 'project');
  mkdirSync(path.join(lower, 'd'), { recursive: true });
  writeFileSync(path.join(lower, 'a.txt'), 'a\n');
  writeFileSync(path.join(lower, 'b.txt'), 'b\n');
  writeFileSync(path.join(lower, 'd/x.txt'), 'x\n');
});
afterEach(() => rmSync(temp, { recursive: true, force: true }));

const ID = '00000000-0000-4000-8000-000000000001';

describe.skipIf(!detectCopySupport().available)('upper layer', () => {
  it('scanLayer - a command’s writes, deletions (whiteouts) and ignored output, never the project', async () => {
    const copy = createRunCopy(path.join(temp, 'home'), ID);
    writeLayerFile(copy.upper, 'a.txt', Buffer.from('edited\n'), 0o644);
    const before = (await scanLayer(copy.upper, () => false)).entries;
    const spawn = copyMountSpawn(
      { lower, upper: copy.upper, work: copy.work, merged: copy.merged },
      '/bin/sh',
      [
        '-c',
        'cd "$0" && cat a.txt > seen && rm b.txt && rm -r d && mkdir out && echo o > out/o',
        copy.merged,
      ],
    );
    expect(spawnSync(spawn.file, spawn.args).status).toBe(0);
    const skip = (rel: string) => rel === 'out';
    const after = (await scanLayer(copy.upper, skip, before)).entries;
    expect(readFileSync(path.join(copy.upper, 'seen'), 'utf8')).toBe('edited\n');
    expect(changedInLayer(before, after)).toEqual(['b.txt', 'd', 'seen']);
    expect(after.get('b.txt')).toEqual({ kind: 'deleted' });
    expect(after.get('d')).toEqual({ kind: 'deleted' });
    expect(await readLayerFile(copy.upper, 'b.txt')).toBeNull();
    expect(readFileSync(path.join(lower, 'b.txt'), 'utf8')).toBe('b\n');
    expect(readFileSync(path.join(lower, 'a.txt'), 'utf8')).toBe('a\n');
    // Writing over a whiteout brings the file back in the layer.
    writeLayerFile(copy.upper, 'd/x.txt', Buffer.from('back\n'), 0o644);
    expect((await readLayerFile(copy.upper, 'd/x.txt'))?.toString()).toBe('back\n');
  });

  it('readLayerFile - a link a command left in the layer is not followed, on the way or at the end', async () => {
    const copy = createRunCopy(path.join(temp, 'home'), ID);
    const outside = path.join(temp, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'id_rsa'), 'HOST KEY\n');
    symlinkSync(outside, path.join(copy.upper, 'keys'));
    symlinkSync(path.join(outside, 'id_rsa'), path.join(copy.upper, 'key'));
    expect(await readLayerFile(copy.upper, 'keys/id_rsa')).toBeNull();
    expect(await readLayerFile(copy.upper, 'key')).toBeNull();
  });

  it('sweepRunCopies - removes copies nobody keeps, and anything that is not a copy', () => {
    const home = path.join(temp, 'home');
    createRunCopy(home, ID);
    const kept = createRunCopy(home, '00000000-0000-4000-8000-000000000002');
    mkdirSync(path.join(home, 'run-copies', 'junk'));
    expect(sweepRunCopies(home, (id) => id === kept.id).sort()).toEqual([ID, 'junk']);
  });
});
