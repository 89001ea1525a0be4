// Issue 10 defects 1 and 2 at the tool level: a 0-byte file has no line-ending or
// final-newline convention, so text written into it lands byte for byte (edit_file content,
// the person's own edit, create_file over an empty placeholder); a refused edit names which
// one failed and why, asks nobody and writes nothing.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AppliedChange,
  ApprovalPort,
  ApprovalResolution,
} from '../../../../src/main/core/approvals/approval-port';
import type { Proposal } from '../../../../src/main/core/edits/proposal';
import { createCreateFileTool } from '../../../../src/main/core/tools/create-file';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-empty-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

/** A gate that answers every proposal the same way and remembers what was applied. */
function gate(answer: (proposal: Proposal) => ApprovalResolution) {
  const proposals: Proposal[] = [];
  const applied: AppliedChange[] = [];
  const port: ApprovalPort = {
    request: async (proposal) => {
      proposals.push(proposal);
      return answer(proposal);
    },
    applied: (change) => {
      applied.push(change);
      return 'cp-1';
    },
    failed: () => undefined,
  };
  return { port, proposals, applied };
}

const approve = (): ApprovalResolution => ({
  outcome: 'approved',
  approvalId: 'a1',
  decidedBy: 'person',
  reason: '',
});

async function context(port: ApprovalPort): Promise<ToolContext> {
  const workspace = await Workspace.open(project);
  return { workspace, signal: new AbortController().signal, approvals: port };
}

const edit = createEditFileTool();
const create = createCreateFileTool();
const read = (name: string) => readFile(path.join(project, name));

describe('edit_file on an empty file', () => {
  it('content - lands byte for byte, final newline included', async () => {
    await writeFile(path.join(project, 'e.ts'), '');
    const { port, proposals } = gate(approve);
    const content = 'export const a = 1;\nexport const b = 2;\n';
    const result = await runTool(edit, { path: 'e.ts', content }, await context(port));
    expect(result.status).toBe('ok');
    expect((await read('e.ts')).toString('utf8')).toBe(content);
    expect(proposals[0]?.after).toBe(content);
    expect(proposals[0]?.notes.join(' ')).not.toMatch(/newline/u);
  });

  it('content - CRLF text and text without a final newline land as given', async () => {
    await writeFile(path.join(project, 'crlf.txt'), '');
    await writeFile(path.join(project, 'open.txt'), '');
    const { port } = gate(approve);
    const ctx = await context(port);
    await runTool(edit, { path: 'crlf.txt', content: 'a\r\nb\r\n' }, ctx);
    await runTool(edit, { path: 'open.txt', content: 'no newline' }, ctx);
    expect((await read('crlf.txt')).toString('utf8')).toBe('a\r\nb\r\n');
    expect((await read('open.txt')).toString('utf8')).toBe('no newline');
  });

  it("the person's edited text - lands byte for byte", async () => {
    await writeFile(path.join(project, 'e.md'), '');
    const { port } = gate(() => ({
      outcome: 'edited',
      approvalId: 'a1',
      decidedBy: 'person',
      content: '# Title\n\nbody\n',
    }));
    const result = await runTool(edit, { path: 'e.md', content: '# Draft\n' }, await context(port));
    expect(result.status).toBe('ok');
    expect((await read('e.md')).toString('utf8')).toBe('# Title\n\nbody\n');
  });

  it('a file holding only a BOM - keeps the BOM, the text lands as given', async () => {
    await writeFile(path.join(project, 'bom.txt'), Buffer.from([0xef, 0xbb, 0xbf]));
    const { port } = gate(approve);
    await runTool(edit, { path: 'bom.txt', content: 'x\ny\n' }, await context(port));
    expect(await read('bom.txt')).toEqual(Buffer.from('\uFEFFx\ny\n', 'utf8'));
  });
});

describe('edit_file refusals', () => {
  it('edits on an empty file - says to pass content, asks nobody, writes nothing', async () => {
    await writeFile(path.join(project, 'e.ts'), '');
    const { port, proposals } = gate(approve);
    const result = await runTool(
      edit,
      { path: 'e.ts', edits: [{ old_text: 'x', new_text: 'y' }] },
      await context(port),
    );
    expect(result).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/e\.ts is empty.*Pass content/su),
    });
    expect(proposals).toEqual([]);
    expect(await read('e.ts')).toEqual(Buffer.alloc(0));
  });

  it('one edit of several fails - names it, asks nobody, writes nothing', async () => {
    const text = 'const a = 1;\nconst b = 2;\n';
    await writeFile(path.join(project, 'm.ts'), text);
    const { port, proposals } = gate(approve);
    const result = await runTool(
      edit,
      {
        path: 'm.ts',
        edits: [
          { old_text: 'const a = 1;', new_text: 'const a = 3;' },
          { old_text: 'const b =\u200B 2;', new_text: 'const b = 4;' },
        ],
      },
      await context(port),
    );
    expect(result.status).toBe('error');
    expect(result.content).toMatch(/^Edit 2 of 2 failed: old_text was not found in m\.ts/u);
    expect(result.content).toMatch(/old_text contains an invisible U\+200B ZERO WIDTH SPACE/u);
    expect(proposals).toEqual([]);
    expect((await read('m.ts')).toString('utf8')).toBe(text);
  });
});

describe('create_file over an empty file', () => {
  it('writes the content byte for byte - the old empty file is the checkpoint base', async () => {
    await writeFile(path.join(project, 'placeholder.ts'), '');
    const { port, applied } = gate(approve);
    const content = 'export {};\n';
    const result = await runTool(create, { path: 'placeholder.ts', content }, await context(port));
    expect(result.status).toBe('ok');
    expect((await read('placeholder.ts')).toString('utf8')).toBe(content);
    expect(applied[0]?.beforeBytes).toEqual(Buffer.alloc(0));
  });

  it('still refuses a file with content', async () => {
    await writeFile(path.join(project, 'full.ts'), '\n');
    const { port } = gate(approve);
    const result = await runTool(create, { path: 'full.ts', content: 'x' }, await context(port));
    expect(result).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/already exists/u),
    });
    expect((await read('full.ts')).toString('utf8')).toBe('\n');
  });
});
