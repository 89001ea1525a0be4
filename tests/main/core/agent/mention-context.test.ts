import { mkdtemp, mkdir, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MENTION_LIMITS, mentionContext } from '../../../../src/main/core/agent/mention-context';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import type { SymbolDefinition } from '../../../../src/shared/contract/symbol-service';

let workspace: Workspace;
const definitions: SymbolDefinition[] = [
  {
    name: 'total',
    kind: 'function',
    path: 'src/cart.ts',
    line: 3,
    column: 17,
    exported: true,
    signature: 'export function total(xs: number[])',
  },
];

beforeAll(async () => {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'sluice-mentions-'));
  const root = path.join(parent, 'project');
  await mkdir(path.join(root, 'src'), { recursive: true });
  await writeFile(
    path.join(root, 'src/cart.ts'),
    '// cart\n\nexport function total(xs: number[]) {\n  return xs.reduce((a, b) => a + b, 0);\n}\n',
  );
  await writeFile(
    path.join(root, 'big.txt'),
    Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`).join('\n'),
  );
  await writeFile(path.join(parent, 'secret.txt'), 'TOP-SECRET');
  await symlink(path.join(parent, 'secret.txt'), path.join(root, 'leak.txt'));
  workspace = await Workspace.open(root);
});

const sources = () => ({
  workspace,
  findDefinition: (name: string) => definitions.filter((d) => d.name === name),
});

describe('mentionContext', () => {
  it('no mentions - nothing attached', async () => {
    expect(await mentionContext([], sources())).toBeUndefined();
  });

  it('file - its numbered lines', async () => {
    const context = await mentionContext([{ type: 'file', value: 'src/cart.ts' }], sources());
    expect(context).toContain('<mentioned_file path="src/cart.ts">');
    expect(context).toContain('    3\texport function total(xs: number[]) {');
  });

  it('long file - capped, and says which lines it showed and how to read the rest', async () => {
    const context = (await mentionContext([{ type: 'file', value: 'big.txt' }], sources())) ?? '';
    expect(context).toContain(
      `showing lines 1-${MENTION_LIMITS.fileLines} of 1000; use read_file for the rest`,
    );
    expect(context).not.toContain('line 401');
  });

  it('symbol - its definition with the source from its line', async () => {
    const context = await mentionContext([{ type: 'symbol', value: 'total' }], sources());
    expect(context).toContain(
      '<mentioned_symbol name="total" kind="function" path="src/cart.ts" line="3">',
    );
    expect(context).toContain('    4\t  return xs.reduce');
    expect(context).not.toContain('// cart');
  });

  it('unknown symbol - a note, not an error', async () => {
    expect(await mentionContext([{ type: 'symbol', value: 'nope' }], sources())).toContain(
      'no definition found',
    );
  });

  it('file through a symlink leading outside, or ../ - refused by the sandbox, no byte of it sent', async () => {
    const context =
      (await mentionContext(
        [
          { type: 'file', value: 'leak.txt' },
          { type: 'file', value: '../secret.txt' },
        ],
        sources(),
      )) ?? '';
    expect(context).not.toContain('TOP-SECRET');
    expect(context.match(/<mention_error file=/g)).toHaveLength(2);
    expect(context).toContain('Refused by the sandbox');
  });
});
