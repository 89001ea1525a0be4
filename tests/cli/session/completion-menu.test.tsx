// The / and @ list under the prompt on a terminal smaller than the list.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { CompletionMenu, menuWindow } from '../../../src/cli/session/completion-menu';

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

const items = Array.from({ length: 40 }, (_, i) => ({
  value: `/command${i + 1}`,
  label: `/command${i + 1}`,
  detail: `what command ${i + 1} does, in words long enough to pass the edge of the terminal, which is a hundred columns wide in this test`,
}));

describe('menuWindow', () => {
  it('the rows left - the choice in view, near the middle, never past either end', () => {
    expect(menuWindow(40, 0, 24)).toEqual({ from: 0, to: 15 });
    expect(menuWindow(40, 20, 24)).toEqual({ from: 13, to: 28 });
    expect(menuWindow(40, 39, 24)).toEqual({ from: 25, to: 40 });
    // A tiny terminal still shows three; a short list shows all of it.
    expect(menuWindow(40, 5, 8)).toEqual({ from: 4, to: 7 });
    expect(menuWindow(4, 3, 24)).toEqual({ from: 0, to: 4 });
  });
});

describe('CompletionMenu', () => {
  it('a list longer than the screen - a window around the choice, each entry one line, the count said', () => {
    const screen = render(<CompletionMenu items={items} chosen={20} />);
    cleanup = () => screen.unmount();
    // eslint-disable-next-line no-control-regex
    const lines = (screen.lastFrame() ?? '').replace(/\u001b\[[\d;]*m/gu, '').split('\n');
    // 15 entries (24 rows of the testing terminal, less the prompt and status) and the hint.
    expect(lines).toHaveLength(16);
    expect(lines[0]).toContain('/command14 ');
    expect(lines.find((l) => l.includes('›'))).toContain('/command21 ');
    expect(lines.at(-1)).toContain('21 of 40 (↑↓ for more) · Tab or Enter picks');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(lines[0]).toMatch(/…$/u);
  });
});
