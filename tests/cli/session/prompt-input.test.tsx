// The session's prompt drawn by Ink and driven by keys as a terminal sends them: typing shows
// in the box, Enter sends, `\` + Enter starts a line, `/` lists the commands and Esc closes
// the list before it stops anything, ↑ brings back an earlier prompt and ↓ the draft.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { PromptHistory } from '../../../src/cli/session/prompt-editing';
import { PromptInput } from '../../../src/cli/session/prompt-input';
import { SessionStore } from '../../../src/cli/session/session-store';
import type { CompletionSources, Suggestion } from '../../../src/cli/session/use-completions';
import { frameWhere, KEYS, settle } from './ink-frames';

const COMMANDS: Suggestion[] = [
  { value: '/help', label: '/help', detail: 'lists the commands' },
  { value: '/cost', label: '/cost', detail: 'what this conversation cost' },
  { value: '/clear', label: '/clear', detail: 'a new conversation' },
];

const sources: CompletionSources = {
  commands: (word) => COMMANDS.filter((c) => c.value.startsWith(word)),
  files: async (query) => ['src/app.ts', 'src/main.ts'].filter((f) => f.includes(query)),
};

const PLACEHOLDER = 'Ask Claude…';

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

function prompt(history: string[] = []) {
  const calls = { sent: [] as string[], escapes: 0, ctrlCs: 0, exits: 0 };
  const store = new SessionStore({ mode: 'ask', model: 'claude-sonnet-5-5' });
  const screen = render(
    <PromptInput
      active
      history={new PromptHistory(history)}
      sources={sources}
      placeholder={PLACEHOLDER}
      drafts={store.drafts}
      onSubmit={(text) => calls.sent.push(text)}
      onEscape={() => (calls.escapes += 1)}
      onCtrlC={() => (calls.ctrlCs += 1)}
      onExit={() => (calls.exits += 1)}
    />,
  );
  cleanup = () => screen.unmount();
  const shows = (check: (frame: string) => boolean) => frameWhere(screen.lastFrame, check);
  /**
   * Keys one write at a time, as a person types: each after the screen has settled, since a
   * key that arrives before React has re-rendered is handled with the choice drawn before.
   */
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      await settle();
      screen.stdin.write(key);
      await settle();
    }
  };
  return { screen, calls, store, shows, press };
}

describe('PromptInput', () => {
  it('PromptInput - shows the placeholder, then what is typed', async () => {
    const { shows, press } = prompt();
    await shows((f) => f.includes(PLACEHOLDER));
    await press('fix the bug');
    const frame = await shows((f) => f.includes('> fix the bug'));
    expect(frame).not.toContain(PLACEHOLDER);
  });

  it('PromptInput - Enter sends the prompt and empties the box', async () => {
    const { calls, shows, press } = prompt();
    await press('fix the bug', KEYS.enter);
    await shows((f) => f.includes(PLACEHOLDER));
    expect(calls.sent).toEqual(['fix the bug']);
  });

  it('PromptInput - words and Enter arriving as one piece are sent', async () => {
    const { calls, press } = prompt();
    await press('run it\r');
    expect(calls.sent).toEqual(['run it']);
  });

  it('PromptInput - Enter on a blank prompt sends nothing', async () => {
    const { calls, press } = prompt();
    await press('   ', KEYS.enter);
    expect(calls.sent).toEqual([]);
  });

  it('PromptInput - \\ then Enter starts a second line; Enter then sends both', async () => {
    const { calls, shows, press } = prompt();
    await press('first line\\', KEYS.enter);
    const split = await shows((f) => f.split('\n').length === 4);
    expect(split.split('\n')[1]).toMatch(/^│ > first line +│$/u);
    expect(split.split('\n')[2]).toMatch(/^│ {3}[ ]+│$/u);
    expect(calls.sent).toEqual([]);
    await press('second line');
    await shows((f) => f.includes('second line'));
    await press(KEYS.enter);
    expect(calls.sent).toEqual(['first line\nsecond line']);
  });

  it('PromptInput - / lists the commands, and what follows narrows the list', async () => {
    const { shows, press } = prompt();
    await press('/');
    const all = await shows((f) => f.includes('Tab or Enter picks'));
    for (const c of COMMANDS) expect(all).toContain(c.label);
    await press('c');
    const narrowed = await shows((f) => !f.includes('/help'));
    expect(narrowed).toContain('/cost');
    expect(narrowed).toContain('/clear');
  });

  it('PromptInput - Enter on the list picks the command; the next Enter sends it', async () => {
    const { calls, shows, press } = prompt();
    await press('/co');
    await shows((f) => f.includes('Tab or Enter picks'));
    await press(KEYS.enter);
    await shows((f) => f.includes('> /cost') && !f.includes('Tab or Enter picks'));
    expect(calls.sent).toEqual([]);
    await press(KEYS.enter);
    expect(calls.sent.map((s) => s.trim())).toEqual(['/cost']);
  });

  it('PromptInput - ↓ on the list chooses the next command, Tab picks it', async () => {
    const { shows, press } = prompt();
    await press('/');
    await shows((f) => f.includes('› /help'));
    await press(KEYS.down);
    await shows((f) => f.includes('› /cost'));
    await press(KEYS.tab);
    await shows((f) => f.includes('> /cost') && !f.includes('Tab or Enter picks'));
  });

  it('PromptInput - ↓ and Tab in one burst pick the command ↓ chose', async () => {
    const { shows, press } = prompt();
    await press('/');
    await shows((f) => f.includes('› /help'));
    await press(`${KEYS.down}${KEYS.tab}`);
    await shows((f) => f.includes('> /cost') && !f.includes('Tab or Enter picks'));
  });

  it('PromptInput - Esc closes the list and keeps the text; a second Esc is the session’s', async () => {
    const { calls, shows, press } = prompt();
    await press('/');
    await shows((f) => f.includes('Tab or Enter picks'));
    await press(KEYS.escape);
    const closed = await shows((f) => !f.includes('Tab or Enter picks'));
    expect(closed).toContain('> /');
    expect(calls.escapes).toBe(0);
    await press(KEYS.escape);
    expect(calls.escapes).toBe(1);
  });

  it('PromptInput - after Esc, the list comes back when the text calls for it again', async () => {
    const { shows, press } = prompt();
    await press('/');
    await shows((f) => f.includes('Tab or Enter picks'));
    await press(KEYS.escape);
    await shows((f) => !f.includes('Tab or Enter picks'));
    await press(KEYS.backspace);
    await shows((f) => f.includes(PLACEHOLDER));
    await press('/');
    await shows((f) => f.includes('Tab or Enter picks') && f.includes('/help'));
  });

  it('PromptInput - @ lists the project files that match', async () => {
    const { shows, press } = prompt();
    await press('look at @ma');
    const listed = await shows((f) => f.includes('@src/main.ts'));
    expect(listed).not.toContain('@src/app.ts');
    await press(KEYS.tab);
    await shows((f) => f.includes('> look at @src/main.ts') && !f.includes('Tab or Enter'));
  });

  it('PromptInput - ↑ recalls the earlier prompts, ↓ comes back to the draft', async () => {
    const { shows, press } = prompt(['older prompt', 'newest prompt']);
    await press('half typed');
    await shows((f) => f.includes('half typed'));
    await press(KEYS.up);
    await shows((f) => f.includes('> newest prompt'));
    await press(KEYS.up);
    await shows((f) => f.includes('> older prompt'));
    await press(KEYS.down, KEYS.down);
    await shows((f) => f.includes('> half typed'));
  });

  it('PromptInput - a prompt sent is the first ↑ brings back', async () => {
    const { shows, press } = prompt(['from before']);
    await press('just sent', KEYS.enter);
    await shows((f) => f.includes(PLACEHOLDER));
    await press(KEYS.up);
    await shows((f) => f.includes('> just sent'));
  });

  it('PromptInput - a paste with colour codes in it is inserted without them, nothing crashes', async () => {
    const { calls, shows, press } = prompt();
    await press('q\u001b[31mw');
    await shows((f) => f.includes('> qw'));
    await press(' x \u001b[31mRED\u001b[0m y', KEYS.enter);
    expect(calls.sent).toEqual(['qw x RED y']);
  });

  it('PromptInput - Backspaces arriving in one read each delete a character', async () => {
    const { calls, shows, press } = prompt();
    await press('abcdef');
    await shows((f) => f.includes('> abcdef'));
    await press(KEYS.backspace.repeat(3));
    await shows((f) => f.includes('> abc') && !f.includes('abcd'));
    await press(`x${KEYS.backspace}${KEYS.backspace}`, KEYS.enter);
    expect(calls.sent).toEqual(['ab']);
  });

  it('PromptInput - Delete removes the character under the cursor, Backspace the one before', async () => {
    const { calls, shows, press } = prompt();
    await press('abcd');
    await shows((f) => f.includes('> abcd'));
    await press(KEYS.left, KEYS.left, KEYS.delete);
    await shows((f) => f.includes('> abd'));
    await press(KEYS.backspace, KEYS.enter);
    expect(calls.sent).toEqual(['ad']);
  });

  it('PromptInput - Ctrl+C is the session’s; Ctrl+D on an empty prompt leaves', async () => {
    const { calls, press } = prompt();
    await press(KEYS.ctrlC);
    expect(calls.ctrlCs).toBe(1);
    await press('x', '\u0004');
    expect(calls.exits).toBe(0);
    await press(KEYS.backspace, '\u0004');
    expect(calls.exits).toBe(1);
  });
});
