// The session prompt's edits without a terminal: pasted line ends, characters outside the
// Basic Multilingual Plane, moving between lines, `\` + Enter, the word being completed and
// the earlier prompts walked without losing what was being typed.
import { describe, expect, it } from 'vitest';
import {
  backspace,
  deleteForward,
  deleteToLineStart,
  deleteWord,
  down,
  draftOf,
  EMPTY_DRAFT,
  end,
  enter,
  home,
  insert,
  left,
  onFirstLine,
  onLastLine,
  PromptHistory,
  replaceWord,
  right,
  up,
  wordAtCursor,
  type Draft,
} from '../../../src/cli/session/prompt-editing';

/** A draft with the cursor where `|` is written. */
function at(marked: string): Draft {
  const cursor = marked.indexOf('|');
  return { text: marked.replace('|', ''), cursor };
}

/** The draft written back with `|` at its cursor. */
function shown(draft: Draft): string {
  return `${draft.text.slice(0, draft.cursor)}|${draft.text.slice(draft.cursor)}`;
}

describe('insert', () => {
  it('insert - typed text goes in at the cursor, which moves after it', () => {
    expect(shown(insert(at('ab|cd'), 'XY'))).toBe('abXY|cd');
  });

  it('insert - a paste keeps its lines, with \\r\\n and a lone \\r as newlines', () => {
    expect(shown(insert(EMPTY_DRAFT, 'one\r\ntwo\rthree\nfour'))).toBe('one\ntwo\nthree\nfour|');
  });
});

describe('backspace and the cursor', () => {
  it('backspace - removes a whole emoji (a surrogate pair), never half of it', () => {
    const draft = insert(EMPTY_DRAFT, 'ok 😀');
    expect(draft.text.length).toBe(5);
    const after = backspace(draft);
    expect(shown(after)).toBe('ok |');
  });

  it('backspace - at the start of the prompt changes nothing', () => {
    const draft = at('|abc');
    expect(backspace(draft)).toBe(draft);
  });

  it('deleteForward - Delete removes the character under the cursor, which stays put', () => {
    expect(shown(deleteForward(at('ab|cd')))).toBe('ab|d');
    expect(shown(deleteForward(at('a|😀b')))).toBe('a|b');
    expect(shown(deleteForward(at('one|\ntwo')))).toBe('one|two');
    const atEnd = at('abc|');
    expect(deleteForward(atEnd)).toBe(atEnd);
  });

  it('left and right - step over a surrogate pair as one character', () => {
    const draft = at('a😀|b');
    expect(shown(left(draft))).toBe('a|😀b');
    expect(shown(right(left(draft)))).toBe('a😀|b');
    expect(shown(right(draft))).toBe('a😀b|');
    expect(shown(left(at('|x')))).toBe('|x');
    expect(shown(right(at('x|')))).toBe('x|');
  });

  it('deleteWord - Ctrl+W takes the word before the cursor and the spaces after it', () => {
    expect(shown(deleteWord(at('fix the bug  |now')))).toBe('fix the |now');
  });

  it('deleteToLineStart - Ctrl+U clears only the current line up to the cursor', () => {
    expect(shown(deleteToLineStart(at('first\nsec|ond')))).toBe('first\n|ond');
  });

  it('home and end - go to the ends of the current line, not of the prompt', () => {
    expect(shown(home(at('first\nsec|ond\nthird')))).toBe('first\n|second\nthird');
    expect(shown(end(at('first\nsec|ond\nthird')))).toBe('first\nsecond|\nthird');
  });
});

describe('up and down inside the prompt', () => {
  it('up - keeps the column on the line above', () => {
    expect(shown(up(at('abcdef\nxyz|w')))).toBe('abc|def\nxyzw');
  });

  it('up - stops at the end of a shorter line above', () => {
    expect(shown(up(at('ab\nxyzw|')))).toBe('ab|\nxyzw');
  });

  it('up - on the first line does nothing (the history takes over)', () => {
    const draft = at('ab|c\nd');
    expect(onFirstLine(draft)).toBe(true);
    expect(up(draft)).toBe(draft);
  });

  it('down - keeps the column on the line below, or stops at its end', () => {
    expect(shown(down(at('ab|cdef\nxyzw')))).toBe('abcdef\nxy|zw');
    expect(shown(down(at('abcde|f\nxy\nlast')))).toBe('abcdef\nxy|\nlast');
  });

  it('down - on the last line does nothing', () => {
    const draft = at('a\nb|c');
    expect(onLastLine(draft)).toBe(true);
    expect(down(draft)).toBe(draft);
  });

  it('up then down - come back to the same place across three lines', () => {
    const start = at('one\ntw|o\nthree');
    expect(shown(up(start))).toBe('on|e\ntwo\nthree');
    expect(shown(down(start))).toBe('one\ntwo\nth|ree');
    expect(shown(down(up(start)))).toBe(shown(start));
  });
});

describe('enter', () => {
  it('enter - a line ending in \\ continues on a new line and the \\ is dropped', () => {
    const next = enter(at('first line\\|'));
    expect('draft' in next && shown(next.draft)).toBe('first line\n|');
  });

  it('enter - \\ before the cursor in the middle of the text splits the line there', () => {
    const next = enter(at('one\\|two'));
    expect('draft' in next && shown(next.draft)).toBe('one\n|two');
  });

  it('enter - anything else is sent whole, lines and all', () => {
    expect(enter(at('one\ntw|o'))).toEqual({ send: 'one\ntwo' });
    expect(enter(draftOf('a \\ b'))).toEqual({ send: 'a \\ b' });
  });
});

describe('wordAtCursor and replaceWord', () => {
  it('wordAtCursor - finds the @-word being typed and where it starts', () => {
    expect(wordAtCursor(at('look at @src/ma|'), '@')).toEqual({ start: 8, word: '@src/ma' });
    expect(wordAtCursor(at('@a|'), '@')).toEqual({ start: 0, word: '@a' });
  });

  it('wordAtCursor - null when the word at the cursor does not start with the prefix', () => {
    expect(wordAtCursor(at('mail me@home|'), '@')).toBeNull();
    expect(wordAtCursor(at('@file then |'), '@')).toBeNull();
  });

  it('replaceWord - puts the pick in place of the word, a space after, the cursor past it', () => {
    expect(shown(replaceWord(at('see @sr|'), 4, '@src/main.ts'))).toBe('see @src/main.ts |');
  });

  it('replaceWord - replaces the rest of the word after the cursor, and keeps a space there', () => {
    expect(shown(replaceWord(at('see @s|rc please'), 4, '@src/a.ts'))).toBe(
      'see @src/a.ts| please',
    );
  });
});

describe('PromptHistory', () => {
  it('PromptHistory - older walks back from the newest, newer comes back to the draft', () => {
    const history = new PromptHistory(['first', 'second']);
    expect(history.older('half typed')).toBe('second');
    expect(history.older('second')).toBe('first');
    expect(history.older('first')).toBeNull();
    expect(history.newer()).toBe('second');
    expect(history.newer()).toBe('half typed');
    expect(history.newer()).toBeNull();
  });

  it('PromptHistory - add keeps a sent prompt once, skips blanks, and starts from the end', () => {
    const history = new PromptHistory([]);
    history.add('run the tests');
    history.add('run the tests');
    history.add('   ');
    expect(history.older('')).toBe('run the tests');
    expect(history.older('run the tests')).toBeNull();
    history.add('fix it');
    expect(history.older('')).toBe('fix it');
    expect(history.older('fix it')).toBe('run the tests');
  });

  it('PromptHistory - an empty draft comes back empty after a walk', () => {
    const history = new PromptHistory(['only']);
    expect(history.older('')).toBe('only');
    expect(history.newer()).toBe('');
  });
});
