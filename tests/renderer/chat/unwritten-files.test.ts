import { describe, expect, it } from 'vitest';
import type { ChatItem } from '../../../src/renderer/src/chat/conversation-state';
import { stepPath, unwrittenFiles } from '../../../src/renderer/src/chat/unwritten-files';

type ToolItem = Extract<ChatItem, { type: 'tool' }>;

function step(id: string, status: ToolItem['status'], input: unknown, label = ''): ToolItem {
  return { type: 'tool', id, turnId: 't1', name: 'edit_file', label, input, status, result: '' };
}

describe('unwrittenFiles', () => {
  it('conflict, denied, rejected - each named by its path, in step order; ok and error left out', () => {
    const files = unwrittenFiles([
      step('a', 'ok', { path: 'src/ok.ts' }),
      step('b', 'conflict', { path: 'src/b.ts' }),
      step('c', 'error', { path: 'src/c.ts' }),
      step('d', 'denied', { path: '.env' }),
      step('e', 'rejected', { path: 'src/e.ts' }),
      step('f', 'running', { path: 'src/f.ts' }),
    ]);
    expect(files.map((file) => [file.stepId, file.status, file.path])).toEqual([
      ['b', 'conflict', 'src/b.ts'],
      ['d', 'denied', '.env'],
      ['e', 'rejected', 'src/e.ts'],
    ]);
    expect(files[0]!.text).toMatch(/^Conflict: src\/b\.ts changed on disk/);
  });

  it('a rejected or denied command - says the command did not run, not that nothing was written', () => {
    const command: ToolItem = {
      ...step('r', 'rejected', { command: 'npm test' }, 'Run: npm test'),
      name: 'run_command',
    };
    const [rejected] = unwrittenFiles([command]);
    expect(rejected?.text).toBe('Rejected: Run: npm test; the command did not run.');
    const [denied] = unwrittenFiles([{ ...command, status: 'denied' }]);
    expect(denied?.text).toBe(
      'Denied by the approval policy: Run: npm test; the command did not run.',
    );
    expect(unwrittenFiles([step('e', 'rejected', { path: 'a.ts' })])[0]?.text).toBe(
      'Rejected: a.ts; nothing was written.',
    );
    const yours = unwrittenFiles([
      { ...command, result: 'The person rejected the command; it was not run.' },
    ]);
    expect(yours[0]?.text).toBe('You rejected Run: npm test; the command did not run.');
  });

  it('stepPath - only a non-empty string path; otherwise the label names the step', () => {
    expect(stepPath(step('a', 'ok', { path: 'x.ts' }))).toBe('x.ts');
    expect(stepPath(step('a', 'ok', { path: 3 }))).toBeUndefined();
    expect(stepPath(step('a', 'ok', null))).toBeUndefined();
    expect(stepPath(step('a', 'ok', 'x.ts'))).toBeUndefined();
    expect(unwrittenFiles([step('z', 'conflict', {}, 'Editing a file')])[0]!.path).toBe(
      'Editing a file',
    );
  });

  it('the person own reject - named as theirs, apart from a reject nobody chose', () => {
    const mine: ToolItem = {
      ...step('m', 'rejected', { path: 'src/m.ts' }),
      result: 'The person rejected the change to src/m.ts; nothing was written.',
    };
    const [file] = unwrittenFiles([mine]);
    expect(file?.status).toBe('you-rejected');
    expect(file?.text).toBe('You rejected the change to src/m.ts; nothing was written.');
  });
});
