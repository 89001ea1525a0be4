import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_SLASH_COMMANDS,
  completeSlash,
  expandProjectCommand,
  isBuiltInSlashCommand,
  parseSlash,
  slashUsage,
} from '../../src/shared/slash-commands';

describe('BUILT_IN_SLASH_COMMANDS', () => {
  it('table - the agreed commands, in order, each with a one-line summary', () => {
    expect(BUILT_IN_SLASH_COMMANDS.map(slashUsage)).toEqual([
      '/help',
      '/clear',
      '/resume [ID]',
      '/diff',
      '/commit',
      '/undo',
      '/mode ask|auto-edit|read-only|plan',
      '/model [NAME]',
      '/cost',
      '/context',
      '/compact',
      '/inbox',
      '/worktree',
      '/mcp',
      '/rules',
      '/tests',
    ]);
    for (const command of BUILT_IN_SLASH_COMMANDS) {
      expect(command.summary).toMatch(/^\S.*\S$/);
      expect(command.summary).not.toMatch(/\n/);
    }
  });
});

describe('parseSlash', () => {
  it('command - name and trimmed arguments, name lowercased', () => {
    expect(parseSlash('/help')).toEqual({ name: 'help', args: '' });
    expect(parseSlash('  /Mode   auto-edit  ')).toEqual({ name: 'mode', args: 'auto-edit' });
    expect(parseSlash('/review src/a.ts\nand the tests')).toEqual({
      name: 'review',
      args: 'src/a.ts\nand the tests',
    });
    expect(parseSlash('/fix_bug-2 now')).toEqual({ name: 'fix_bug-2', args: 'now' });
  });

  it('paths - a word with "/" or "." after the first character is text, not a command', () => {
    expect(parseSlash('/usr/bin/x is slow')).toBeNull();
    expect(parseSlash('/etc/hosts')).toBeNull();
    expect(parseSlash('/etc.conf is broken')).toBeNull();
    expect(parseSlash('/home/me/project: why?')).toBeNull();
  });

  it('not a command - plain text, a lone "/", "/" then a space, a slash later in the text', () => {
    expect(parseSlash('help me')).toBeNull();
    expect(parseSlash('/')).toBeNull();
    expect(parseSlash('/ help')).toBeNull();
    expect(parseSlash('what does /help do')).toBeNull();
    expect(parseSlash('')).toBeNull();
  });
});

describe('completeSlash', () => {
  const project = [
    { name: 'review', description: 'Review the diff' },
    { name: 'commit-msg', description: 'Draft a commit message' },
    { name: 'help', description: 'a project file named like a built-in' },
  ];

  it('"/" - every built-in in table order, then the project commands by name, marked', () => {
    const items = completeSlash('/', project);
    expect(items.map((item) => item.name)).toEqual([
      ...BUILT_IN_SLASH_COMMANDS.map((command) => command.name),
      'commit-msg',
      'review',
    ]);
    expect(items.filter((item) => item.source === 'project').map((item) => item.name)).toEqual([
      'commit-msg',
      'review',
    ]);
    expect(items.find((item) => item.name === 'review')?.summary).toBe('Review the diff');
  });

  it('prefix - built-ins first, then project commands; with or without the "/"', () => {
    expect(completeSlash('/c', project).map((item) => `${item.source}:${item.name}`)).toEqual([
      'built-in:clear',
      'built-in:commit',
      'built-in:cost',
      'built-in:context',
      'built-in:compact',
      'project:commit-msg',
    ]);
    expect(completeSlash('RE', project).map((item) => item.name)).toEqual(['resume', 'review']);
    expect(completeSlash('/zzz', project)).toEqual([]);
  });

  it('built-ins win - a project command with a built-in name is never offered', () => {
    const help = completeSlash('/help', project);
    expect(help).toHaveLength(1);
    expect(help[0]?.source).toBe('built-in');
    expect(isBuiltInSlashCommand('help')).toBe(true);
    expect(isBuiltInSlashCommand('review')).toBe(false);
  });
});

describe('expandProjectCommand', () => {
  it('$ARGUMENTS - every occurrence replaced by the arguments', () => {
    expect(
      expandProjectCommand({ body: 'Review $ARGUMENTS.\nThen test $ARGUMENTS.' }, 'src/a.ts'),
    ).toBe('Review src/a.ts.\nThen test src/a.ts.');
    expect(expandProjectCommand({ body: 'Review $ARGUMENTS.' }, '')).toBe('Review .');
  });

  it('no $ARGUMENTS - arguments appended on a line of their own, or the body as is', () => {
    expect(expandProjectCommand({ body: 'Review the diff.\n\n' }, 'focus on tests')).toBe(
      'Review the diff.\nfocus on tests',
    );
    expect(expandProjectCommand({ body: 'Review the diff.\n' }, '')).toBe('Review the diff.\n');
  });
});
