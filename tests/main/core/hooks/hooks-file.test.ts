// `.sluice/hooks.json` read leniently: the good hooks kept, each bad entry a problem in words.
import { describe, expect, it } from 'vitest';
import { parseProjectHooksFile } from '../../../../src/main/core/hooks/hooks-file';
import { hookId } from '../../../../src/main/core/hooks/hook-identity';

describe('parseProjectHooksFile', () => {
  it("parseProjectHooksFile - Claude Code's shape gives one hook per command, with its place", () => {
    const file = parseProjectHooksFile(
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Edit|Write', hooks: [{ type: 'command', command: './a.sh', timeout: 5 }] },
          ],
          Stop: [{ hooks: [{ type: 'command', command: './b.sh' }] }],
        },
      }),
    );
    expect(file.problems).toEqual([]);
    expect(file.hooks).toEqual([
      {
        id: hookId('project', 'PreToolUse', 'Edit|Write', './a.sh', 5),
        source: 'project',
        event: 'PreToolUse',
        matcher: 'Edit|Write',
        command: './a.sh',
        timeoutSeconds: 5,
        slot: 'PreToolUse#0#0',
      },
      expect.objectContaining({
        event: 'Stop',
        matcher: null,
        timeoutSeconds: 60,
        slot: 'Stop#0#0',
      }),
    ]);
  });

  it('parseProjectHooksFile - invalid JSON says so in words and runs nothing', () => {
    const file = parseProjectHooksFile('{"hooks": {');
    expect(file.hooks).toEqual([]);
    expect(file.problems).toHaveLength(1);
    expect(file.problems[0]).toMatch(
      /^\.sluice\/hooks\.json is not valid JSON \(.+\); none of its hooks run\.$/u,
    );
  });

  it('parseProjectHooksFile - the wrong shape, an unknown event, a bad entry: each a problem, the rest kept', () => {
    expect(parseProjectHooksFile('[]').problems[0]).toContain('has no "hooks" object');
    expect(parseProjectHooksFile('{"hooks": 3}').problems[0]).toContain('"hooks" is not an object');
    const file = parseProjectHooksFile(
      JSON.stringify({
        hooks: {
          Notification: [{ hooks: [{ type: 'command', command: 'x' }] }],
          PreToolUse: [
            { matcher: 'Bash(', hooks: [{ type: 'command', command: './bad-matcher.sh' }] },
            { matcher: 7, hooks: [] },
            {
              hooks: [
                { type: 'prompt', prompt: 'is it fine?' },
                { type: 'command', command: '' },
              ],
            },
            { hooks: [{ type: 'command', command: './ok.sh', timeout: -1 }] },
            { hooks: [{ type: 'command', command: './good.sh' }] },
          ],
          PostToolUse: 'nope',
        },
      }),
    );
    expect(file.hooks.map((h) => h.command)).toEqual(['./good.sh']);
    expect(file.problems).toEqual([
      expect.stringContaining('"Notification" is not an event Sluice runs'),
      expect.stringContaining(
        'PreToolUse group 1 hook 1 (./bad-matcher.sh) does not run: its matcher "Bash(" is not a valid pattern',
      ),
      expect.stringContaining('PreToolUse group 2: its matcher is not text'),
      expect.stringContaining(
        'PreToolUse group 3 hook 1 is a "prompt" hook; only "command" hooks run',
      ),
      expect.stringContaining('PreToolUse group 3 hook 2 was skipped: command:'),
      expect.stringContaining('PreToolUse group 4 hook 1 was skipped: timeout:'),
      expect.stringContaining('PostToolUse is not a list of groups'),
    ]);
  });
});
