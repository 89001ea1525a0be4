import { describe, expect, it } from 'vitest';
import { insertSlash, slashQueryAt } from '../../../src/renderer/src/chat/slash-draft';

describe('slashQueryAt', () => {
  it('command word - "/" at the start and the caret in the first word', () => {
    expect(slashQueryAt('/', 1)).toEqual({ query: '' });
    expect(slashQueryAt('/he', 3)).toEqual({ query: 'he' });
    expect(slashQueryAt('/help now', 3)).toEqual({ query: 'he' });
  });

  it('not a command word - later in the text, after a space, not at the start, in a path', () => {
    expect(slashQueryAt('/help now', 9)).toBeNull();
    expect(slashQueryAt('see /help', 9)).toBeNull();
    expect(slashQueryAt(' /help', 6)).toBeNull();
    expect(slashQueryAt('/usr/bin', 8)).toBeNull();
    expect(slashQueryAt('/usr/bin', 4)).toBeNull();
    expect(slashQueryAt('/etc.conf', 9)).toBeNull();
  });
});

describe('insertSlash', () => {
  it('take - the word becomes "/name " and what followed is kept', () => {
    expect(insertSlash('/re', 'resume')).toEqual({ text: '/resume ', caret: 8 });
    expect(insertSlash('/re src/a.ts', 'review')).toEqual({ text: '/review src/a.ts', caret: 8 });
  });
});
