import { describe, expect, it } from 'vitest';
import { describeChecks, type ChangeSetCommand } from '../../src/shared/change-set-commands';

function ran(seq: number, command: string, passed: boolean, startedAt: number): ChangeSetCommand {
  return {
    seq,
    command,
    cwd: '',
    outcome: 'ran',
    decidedBy: 'you allowed it for this run',
    reason: null,
    exitCode: passed ? 0 : 1,
    end: passed ? 'exit code 0' : 'exit code 1',
    passed,
    durationMs: 1000,
    head: '',
    tail: '',
    totalLines: 0,
    linesCut: 0,
    logId: null,
    startedAt,
    finishedAt: startedAt + 1000,
  };
}

const MIN = 60_000;

describe('describeChecks', () => {
  it('describeChecks - the last run of each command, how long after the last edit', () => {
    const commands = [
      ran(1, 'npm test', false, 0),
      ran(2, 'npm test', true, 2 * MIN),
      ran(3, 'npm run lint', false, 2 * MIN),
    ];
    expect(describeChecks(commands, MIN - 1000 + 0)).toBe(
      '`npm test` passed 1 minute after the last edit; `npm run lint` failed (exit code 1) 1 minute after the last edit.',
    );
    expect(describeChecks(commands, -3 * MIN)).toContain('passed 5 minutes after the last edit');
  });

  it('describeChecks - says when the last edit came after the last run, and counts refusals', () => {
    const refused: ChangeSetCommand = {
      ...ran(2, 'npm install left-pad', false, 10),
      outcome: 'refused',
      exitCode: null,
      end: null,
    };
    const line = describeChecks([ran(1, 'npm test', true, 0), refused], 5 * MIN);
    expect(line).toContain('`npm test` passed before the last edit');
    expect(line).toContain('The last edit came after the last command run');
    expect(line).toContain('1 command was refused');
    expect(describeChecks([], null)).toBe('No command ran in this run.');
    expect(describeChecks([ran(1, 'npm test', true, 0)], null)).toBe(
      '`npm test` passed (the run edited nothing).',
    );
  });
});
