import { describe, expect, it } from 'vitest';
import type { CommandProposal } from '../../../../src/main/core/commands/command-approval-gate';
import {
  AllowedCommandError,
  createBackgroundCommandGate,
  parseAllowedCommands,
  type RefusedCommand,
} from '../../../../src/main/core/runs/background-command-gate';
import type { CommandRule } from '../../../../src/shared/command-approvals';
import type { ApprovalMode } from '../../../../src/shared/approvals';

const CALL = { signal: new AbortController().signal };

const proposal = (command: string, network = false): CommandProposal => ({
  command,
  root: '/p',
  cwd: '/p',
  cwdRelative: '',
  description: 'd',
  network,
  timeoutSeconds: 60,
  sandboxed: true,
  sandboxDetail: 'x',
});

function gate(
  options: {
    rules?: CommandRule[];
    allowed?: string[];
    network?: boolean;
    mode?: ApprovalMode;
  } = {},
) {
  const refused: RefusedCommand[] = [];
  const g = createBackgroundCommandGate({
    policy: () => ({ mode: options.mode ?? 'ask', rules: options.rules ?? [] }),
    allowed: options.allowed ?? [],
    root: '/p',
    allowNetwork: options.network ?? false,
    onRefused: (r) => refused.push(r),
  });
  return { g, refused };
}

describe('background command gate', () => {
  it('parseAllowedCommands - plain commands become prefixes; anything else is a clear error', async () => {
    expect(await parseAllowedCommands(['npm test', '"npm" run lint'], '/p')).toEqual([
      ['npm', 'test'],
      ['npm', 'run', 'lint'],
    ]);
    for (const bad of ['npm test && rm -rf /', 'node', 'FOO=1 npm test', '$(x)'])
      await expect(parseAllowedCommands([bad], '/p')).rejects.toThrow(AllowedCommandError);
  });

  it('request - a run-allowed prefix runs as the person allowed it; a rule-allowed one by the rule', async () => {
    const { g, refused } = gate({
      allowed: ['npm test'],
      rules: [{ id: 'r', prefix: ['git', 'status'], action: 'allow' }],
    });
    expect(await g.request(proposal('npm test -- --watch=false'), CALL)).toMatchObject({
      outcome: 'approved',
      decidedBy: 'person',
      reason: 'allowed for this run when it was started',
    });
    expect(await g.request(proposal('git status'), CALL)).toMatchObject({
      outcome: 'approved',
      decidedBy: 'rule',
    });
    expect(refused).toEqual([]);
  });

  it('request - anything else is refused at once, never asked, and reported with who decided', async () => {
    const { g, refused } = gate({
      allowed: ['npm test'],
      rules: [{ id: 'r', prefix: ['npm', 'test'], action: 'deny' }],
    });
    const denied = await g.request(proposal('npm test'), CALL);
    expect(denied).toMatchObject({ outcome: 'denied' });
    expect(refused[0]).toMatchObject({ decidedBy: 'a rule of yours' });
    const other = gate({ allowed: ['npm test'] });
    const result = await other.g.request(proposal('npm install left-pad'), CALL);
    expect(result.outcome).toBe('denied');
    expect(other.refused[0]?.reason).toContain(
      'wanted to run `npm install left-pad`: not allowed for this run',
    );
    expect(other.refused[0]?.reason).toContain('`npm test`');
    // A chain is allowed only when every part is.
    expect((await other.g.request(proposal('npm test; curl x'), CALL)).outcome).toBe('denied');
  });

  it('request - network only when the run was started with it; read-only mode refuses all', async () => {
    const off = gate({ allowed: ['npm test'] });
    expect((await off.g.request(proposal('npm test', true), CALL)).outcome).toBe('denied');
    expect(off.refused[0]?.reason).toContain('started without network');
    const on = gate({ allowed: ['npm test'], network: true });
    expect((await on.g.request(proposal('npm test', true), CALL)).outcome).toBe('approved');
    const readOnly = gate({ allowed: ['npm test'], mode: 'read-only' });
    expect((await readOnly.g.request(proposal('npm test'), CALL)).outcome).toBe('denied');
  });

  it('a write into a project file - runs: it lands in the private copy and is reviewed as a diff in the set', async () => {
    const { g, refused } = gate({ allowed: ['npm test'] });
    expect(await g.request(proposal('npm test > report.txt'), CALL)).toMatchObject({
      outcome: 'approved',
    });
    // Outside the project is still a reason to refuse.
    expect(await g.request(proposal('npm test > /etc/motd'), CALL)).toMatchObject({
      outcome: 'denied',
    });
    expect(refused).toHaveLength(1);
  });
});
