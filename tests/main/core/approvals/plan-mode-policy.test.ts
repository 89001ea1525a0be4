// Plan mode refuses what read-only mode refuses (writes, commands, MCP tools not annotated
// read-only), with reasons that name plan mode so the model knows to finish with a plan.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Parser } from 'web-tree-sitter';
import { evaluatePolicy } from '../../../../src/main/core/approvals/policy';
import { evaluateCommandPolicy } from '../../../../src/main/core/shell/command-policy';
import { loadShellParser } from '../../../../src/main/core/shell/shell-grammar';
import { parseCommandLine } from '../../../../src/main/core/shell/shell-parser';
import { evaluateMcpCall } from '../../../../src/main/core/mcp-client/mcp-gate';
import { describeRefusal } from '../../../../src/main/core/tools/command-refusal';

const write = (path: string) => ({ tool: 'edit_file', kind: 'write' as const, path });

describe('plan mode policy', () => {
  it('evaluatePolicy - plan mode denies every write, protected paths and allow rules too', () => {
    const allowAll = [{ id: 'r', tool: 'write', pathGlob: '**', action: 'allow' as const }];
    for (const path of ['src/a.ts', '.env']) {
      const verdict = evaluatePolicy({ mode: 'plan', rules: allowAll }, write(path));
      expect(verdict).toMatchObject({ action: 'deny', decidedBy: 'mode' });
      expect(verdict.reason).toMatch(/plan mode/u);
      expect(verdict.reason).toMatch(/submit_plan/u);
    }
  });

  it('evaluatePolicy - plan mode still lets reads run', () => {
    expect(
      evaluatePolicy({ mode: 'plan', rules: [] }, { tool: 'read_file', kind: 'read', path: 'a' })
        .action,
    ).toBe('allow');
  });

  describe('commands', () => {
    let parser: Parser;
    beforeAll(async () => {
      parser = await loadShellParser();
    });
    const where = { root: '/p', cwd: '/p', isIgnored: () => false };

    it('evaluateCommandPolicy - plan mode denies a command an allow rule would run', () => {
      const verdict = evaluateCommandPolicy(
        {
          mode: 'plan',
          rules: [{ id: 'r', prefix: ['git', 'status'], action: 'allow' }],
          sandboxed: true,
        },
        parseCommandLine(parser, 'git status', where),
      );
      expect(verdict).toMatchObject({ action: 'deny', decidedBy: 'mode' });
      expect(verdict.reason).toMatch(/plan mode/u);
    });
  });

  it('describeRefusal - a command denied by plan mode tells the model to finish with a plan', () => {
    const text = describeRefusal({
      approvalId: 'a',
      outcome: 'denied',
      decidedBy: 'mode',
      reason: 'the conversation is in plan mode',
      deniedBy: 'plan',
    });
    expect(text).toMatch(/plan mode/u);
    expect(text).toMatch(/submit_plan/u);
    expect(text).not.toMatch(/read-only mode/u);
  });

  it('evaluateMcpCall - plan mode denies a tool not annotated read-only, as read-only mode does', () => {
    const base = {
      mode: 'plan' as const,
      server: 'ev',
      tool: 't',
      serverPrefs: { trustReadOnly: false, denyAll: false },
      toolPolicy: 'allow' as const,
      annotations: {},
    };
    const denied = evaluateMcpCall(base);
    expect(denied).toMatchObject({ action: 'deny', decidedBy: 'mode' });
    expect(denied.reason).toMatch(/plan mode/u);
    expect(evaluateMcpCall({ ...base, annotations: { readOnlyHint: true } }).action).toBe('allow');
  });
});
