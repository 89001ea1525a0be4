import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  expandProjectCommand,
  loadProjectCommands,
  MAX_PROJECT_COMMAND_BYTES,
  MAX_PROJECT_COMMAND_FILES,
  splitFrontMatter,
} from '../../../../src/main/core/project/project-commands';

let temp: string;
let project: string;
let folder: string;

beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-commands-')));
  project = path.join(temp, 'proj');
  folder = path.join(project, '.sluice', 'commands');
  mkdirSync(folder, { recursive: true });
});
afterEach(() => rmSync(temp, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(path.join(folder, name), text);
const load = async () => loadProjectCommands(await Workspace.open(project));

describe('loadProjectCommands', () => {
  it('commands - name from the file, description from front matter or the first line', async () => {
    write(
      'review.md',
      '---\ndescription: "Review the working changes"\nmodel: ignored\n---\nReview $ARGUMENTS carefully.\n',
    );
    write('fix_bug-2.md', '\n\n# Fix the bug named in the arguments\n\nFind it, fix it.\n');
    write('notes.txt', 'not a command');
    const { commands, skipped } = await load();
    expect(commands).toEqual([
      {
        name: 'fix_bug-2',
        description: 'Fix the bug named in the arguments',
        body: '\n\n# Fix the bug named in the arguments\n\nFind it, fix it.\n',
        file: '.sluice/commands/fix_bug-2.md',
      },
      {
        name: 'review',
        description: 'Review the working changes',
        body: 'Review $ARGUMENTS carefully.\n',
        file: '.sluice/commands/review.md',
      },
    ]);
    expect(skipped).toEqual([]);
    const review = commands.find((command) => command.name === 'review')!;
    expect(expandProjectCommand(review, 'src/a.ts')).toBe('Review src/a.ts carefully.\n');
  });

  it('no folder - no commands and nothing skipped', async () => {
    rmSync(path.join(project, '.sluice'), { recursive: true });
    expect(await load()).toEqual({ commands: [], skipped: [] });
  });

  it('bad names - skipped with the reason; a built-in name is refused (built-ins win)', async () => {
    write('Review.md', 'uppercase');
    write('two words.md', 'space');
    write('dot.name.md', 'dot');
    write('help.md', 'my help');
    write('ok.md', 'fine');
    const { commands, skipped } = await load();
    expect(commands.map((command) => command.name)).toEqual(['ok']);
    const reasons = Object.fromEntries(skipped.map((item) => [item.file, item.reason]));
    expect(Object.keys(reasons).sort()).toEqual([
      '.sluice/commands/Review.md',
      '.sluice/commands/dot.name.md',
      '.sluice/commands/help.md',
      '.sluice/commands/two words.md',
    ]);
    expect(reasons['.sluice/commands/Review.md']).toMatch(/lowercase letters, digits/);
    expect(reasons['.sluice/commands/help.md']).toMatch(/\/help is a built-in command/);
  });

  it('too big - a file over 64 KiB is skipped with its reason, the others load', async () => {
    write('big.md', 'x'.repeat(MAX_PROJECT_COMMAND_BYTES + 1));
    write('edge.md', 'y'.repeat(MAX_PROJECT_COMMAND_BYTES));
    const { commands, skipped } = await load();
    expect(commands.map((command) => command.name)).toEqual(['edge']);
    expect(skipped).toEqual([
      { file: '.sluice/commands/big.md', reason: 'larger than 64 KiB: not read' },
    ]);
  });

  it('symlinks - one leaving the project is refused, one inside it is read', async () => {
    writeFileSync(path.join(temp, 'outside.md'), 'SECRET prompt from outside');
    symlinkSync(path.join(temp, 'outside.md'), path.join(folder, 'leak.md'));
    writeFileSync(path.join(project, 'inside.md'), 'Prompt kept in the project');
    symlinkSync(path.join(project, 'inside.md'), path.join(folder, 'linked.md'));
    const { commands, skipped } = await load();
    expect(commands.map((command) => [command.name, command.body])).toEqual([
      ['linked', 'Prompt kept in the project'],
    ]);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]?.file).toBe('.sluice/commands/leak.md');
    expect(skipped[0]?.reason).toMatch(/symlink-outside/);
    expect(JSON.stringify(commands)).not.toContain('SECRET');
  });

  it('symlinked folder - a commands folder leading out of the project is not read', async () => {
    rmSync(folder, { recursive: true });
    const elsewhere = path.join(temp, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'steal.md'), 'SECRET');
    symlinkSync(elsewhere, folder);
    const { commands, skipped } = await load();
    expect(commands).toEqual([]);
    expect(skipped).toEqual([
      { file: '.sluice/commands', reason: expect.stringMatching(/symlink-outside/) as string },
    ]);
  });

  it('count - at most 200 files are read, and the list says the rest were not', async () => {
    for (let index = 0; index < MAX_PROJECT_COMMAND_FILES + 5; index++) {
      write(`c${String(index).padStart(3, '0')}.md`, `Command ${index}`);
    }
    const { commands, skipped } = await load();
    expect(commands).toHaveLength(MAX_PROJECT_COMMAND_FILES);
    expect(commands.at(-1)?.name).toBe('c199');
    expect(skipped).toEqual([
      {
        file: '.sluice/commands',
        reason: 'holds 205 command files; only the first 200 by name were read',
      },
    ]);
  });

  it('empty prompt and hidden characters - no prompt skipped, a description shows them', async () => {
    write('empty.md', '---\ndescription: nothing\n---\n\n  \n');
    write('trick.md', 'Safe \u202egnirts\u202c line\nbody');
    const { commands, skipped } = await load();
    expect(skipped).toEqual([{ file: '.sluice/commands/empty.md', reason: 'it holds no prompt' }]);
    expect(commands[0]?.description).toBe('Safe \\u202egnirts\\u202c line');
  });
});

describe('splitFrontMatter', () => {
  it('front matter - only at the very top and closed; otherwise the whole text is the body', () => {
    expect(splitFrontMatter('---\ndescription: d\n---\nbody')).toEqual({
      description: 'd',
      body: 'body',
    });
    expect(splitFrontMatter("---\r\ndescription: 'q'\r\n---\r\nbody")).toEqual({
      description: 'q',
      body: 'body',
    });
    expect(splitFrontMatter('---\ndescription: d\nbody')).toEqual({
      description: null,
      body: '---\ndescription: d\nbody',
    });
    expect(splitFrontMatter('text\n---\ndescription: d\n---\n').description).toBeNull();
  });
});
