// The prompt's keys decoded from the pieces Ink reads: escape sequences that are keys, pasted
// colour codes dropped (never a key, never a crash), Backspace bytes that arrive together each
// deleting, and Delete told apart from Backspace.
import { describe, expect, it } from 'vitest';
import { promptKeys } from '../../../src/cli/session/prompt-keys';

describe('promptKeys', () => {
  it('promptKeys - typed text is text; a paste keeps its line ends and tabs', () => {
    expect(promptKeys('q')).toEqual([{ kind: 'text', text: 'q' }]);
    expect(promptKeys('one\r\ntwo\tthree')).toEqual([{ kind: 'text', text: 'one\r\ntwo\tthree' }]);
  });

  it('promptKeys - a colour code or any other sequence that is not a key is dropped', () => {
    for (const piece of [
      '\u001b[31m',
      '\u001b[0m',
      '\u001b[38;2;1;2;3m',
      '\u001b[200~',
      '\u001b[?25h',
      '\u001b[[A',
      '\u001bOx',
      '\u001bx',
      '\u001b[1;5Z',
    ])
      expect(promptKeys(piece), JSON.stringify(piece)).toEqual([]);
  });

  it('promptKeys - Backspace bytes in one piece are one Backspace each, between the text', () => {
    expect(promptKeys('\u007f\u007f\u007f')).toEqual([
      { kind: 'backspace' },
      { kind: 'backspace' },
      { kind: 'backspace' },
    ]);
    expect(promptKeys('ab\bc')).toEqual([
      { kind: 'text', text: 'ab' },
      { kind: 'backspace' },
      { kind: 'text', text: 'c' },
    ]);
  });

  it('promptKeys - Backspace deletes left, Delete (ESC [3~) under the cursor', () => {
    expect(promptKeys('\u007f')).toEqual([{ kind: 'backspace' }]);
    expect(promptKeys('\b')).toEqual([{ kind: 'backspace' }]);
    expect(promptKeys('\u001b[3~')).toEqual([{ kind: 'delete' }]);
    expect(promptKeys('\u001b[3;5~')).toEqual([{ kind: 'delete' }]);
  });

  it('promptKeys - arrows, Home and End in their CSI, SS3 and modified forms', () => {
    expect(promptKeys('\u001b[A')).toEqual([{ kind: 'up' }]);
    expect(promptKeys('\u001bOB')).toEqual([{ kind: 'down' }]);
    expect(promptKeys('\u001b[1;5C')).toEqual([{ kind: 'right' }]);
    expect(promptKeys('\u001b\u001b[D')).toEqual([{ kind: 'left' }]);
    expect(promptKeys('\u001b[H')).toEqual([{ kind: 'home' }]);
    expect(promptKeys('\u001b[1~')).toEqual([{ kind: 'home' }]);
    expect(promptKeys('\u001bOF')).toEqual([{ kind: 'end' }]);
    expect(promptKeys('\u001b[4~')).toEqual([{ kind: 'end' }]);
  });

  it('promptKeys - Enter, Alt+Enter, Tab, Esc, Alt+Backspace and Ctrl letters', () => {
    expect(promptKeys('\r')).toEqual([{ kind: 'enter' }]);
    expect(promptKeys('\u001b\r')).toEqual([{ kind: 'alt-enter' }]);
    expect(promptKeys('\n')).toEqual([{ kind: 'text', text: '\n' }]);
    expect(promptKeys('\t')).toEqual([{ kind: 'tab' }]);
    expect(promptKeys('\u001b')).toEqual([{ kind: 'escape' }]);
    expect(promptKeys('\u001b\u007f')).toEqual([{ kind: 'alt-backspace' }]);
    expect(promptKeys('\u0003')).toEqual([{ kind: 'ctrl', letter: 'c' }]);
    expect(promptKeys('\u0017')).toEqual([{ kind: 'ctrl', letter: 'w' }]);
  });
});
