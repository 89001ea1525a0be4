import { describe, expect, it } from 'vitest';
import { stepLineText, terminalCommandOutput } from '../../src/cli/terminal-safe-text';

const hostile =
  'ok\u001b]0;title\u0007\u001b[2J\u001b[H\u0007 \u202eevil\u001b[31mred\u001b[0m\r\n';

describe('terminal-safe text', () => {
  it('step line - every escape, bell, bidi override and line break is visible, nothing is obeyed', () => {
    const shown = stepLineText(hostile);
    // eslint-disable-next-line no-control-regex
    expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/u);
    expect(shown).toContain('\\u001b]0;title\\u0007');
    expect(shown).toContain('\\u202eevil');
  });

  it('command output - colours, newlines and carriage returns stay; titles, screen clears, bells and bidi overrides are shown', () => {
    const shown = terminalCommandOutput(hostile);
    expect(shown).toContain('\u001b[31mred\u001b[0m\r\n');
    expect(shown).toContain('\\u001b]0;title\\u0007\\u001b[2J\\u001b[H\\u0007 \\u202eevil');
    // eslint-disable-next-line no-control-regex
    const colours = /\u001b\[[\d;]*m/gu;
    // eslint-disable-next-line no-control-regex
    const obeyed = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u202e]/u;
    expect(shown.replace(colours, '')).not.toMatch(obeyed);
  });

  it('command output - a colour sequence cut between two chunks is shown, not obeyed', () => {
    expect(terminalCommandOutput('a\u001b[3')).toBe('a\\u001b[3');
  });
});
