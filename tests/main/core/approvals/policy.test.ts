import { describe, expect, it } from 'vitest';
import { evaluatePolicy, isProtectedPath } from '../../../../src/main/core/approvals/policy';
import { validateRuleGlob } from '../../../../src/shared/policy-rules';

const write = (path: string, tool = 'edit_file') => ({ tool, kind: 'write' as const, path });

describe('isProtectedPath', () => {
  it.each([
    '.git/config',
    '.GIT/config',
    'sub/.git/HEAD',
    '.env',
    '.env.local',
    '.ENV.production',
    '.sluice/skills/x.md',
    '.vscode/settings.json',
    'a.code-workspace',
    'X.Code-Workspace',
    '.npmrc',
    '.github/workflows/ci.yml',
    '.GitHub/Workflows/ci.yml',
    '.git./config',
    '.git',
  ])('protects %s - case-insensitively', (p) => expect(isProtectedPath(p)).toBe(true));
  it.each(['src/git/config', 'env.ts', '.github/ISSUE_TEMPLATE.md', 'src/.gitignore', 'npmrc'])(
    'does not protect %s',
    (p) => expect(isProtectedPath(p)).toBe(false),
  );
});

describe('evaluatePolicy', () => {
  it('asks in ask mode, allows in auto-edit, denies in read-only', () => {
    expect(evaluatePolicy({ mode: 'ask', rules: [] }, write('a.ts')).action).toBe('ask');
    expect(evaluatePolicy({ mode: 'auto-edit', rules: [] }, write('a.ts'))).toMatchObject({
      action: 'allow',
      decidedBy: 'mode',
    });
    expect(evaluatePolicy({ mode: 'read-only', rules: [] }, write('a.ts'))).toMatchObject({
      action: 'deny',
      decidedBy: 'mode',
    });
  });

  it('runs reads without asking unless a rule denies them', () => {
    expect(
      evaluatePolicy(
        { mode: 'read-only', rules: [] },
        { tool: 'read_file', kind: 'read', path: 'a.ts' },
      ).action,
    ).toBe('allow');
    expect(
      evaluatePolicy(
        { mode: 'ask', rules: [{ id: 'r', tool: 'read', pathGlob: 'secret/**', action: 'deny' }] },
        { tool: 'read_file', kind: 'read', path: 'secret/x' },
      ).action,
    ).toBe('deny');
  });

  it('orders deny over ask over allow among matching rules', () => {
    const rules = [
      { id: 'a', tool: 'write', pathGlob: 'src/**', action: 'allow' as const },
      { id: 'b', tool: 'edit_file', pathGlob: 'src/*.ts', action: 'ask' as const },
      { id: 'c', tool: '*', pathGlob: 'src/gen/**', action: 'deny' as const },
    ];
    expect(evaluatePolicy({ mode: 'auto-edit', rules }, write('src/x.ts'))).toMatchObject({
      action: 'ask',
      ruleId: 'b',
    });
    expect(evaluatePolicy({ mode: 'ask', rules }, write('src/lib/x.ts'))).toMatchObject({
      action: 'allow',
      ruleId: 'a',
    });
    expect(evaluatePolicy({ mode: 'ask', rules }, write('src/gen/x.ts'))).toMatchObject({
      action: 'deny',
      ruleId: 'c',
    });
    expect(
      evaluatePolicy({ mode: 'ask', rules }, write('src/lib/x.ts', 'create_file')),
    ).toMatchObject({ action: 'allow' });
  });

  it('always asks for protected paths - even with an allow rule or auto-edit', () => {
    const rules = [{ id: 'a', tool: '*', pathGlob: '**', action: 'allow' as const }];
    expect(evaluatePolicy({ mode: 'auto-edit', rules }, write('.git/config'))).toMatchObject({
      action: 'ask',
      protectedPath: true,
    });
    expect(evaluatePolicy({ mode: 'auto-edit', rules }, write('.ENV'))).toMatchObject({
      action: 'ask',
      protectedPath: true,
    });
  });

  it('still denies a protected path when a deny rule or read-only says so', () => {
    expect(evaluatePolicy({ mode: 'read-only', rules: [] }, write('.env')).action).toBe('deny');
    expect(
      evaluatePolicy(
        { mode: 'ask', rules: [{ id: 'd', tool: '*', pathGlob: '.git/**', action: 'deny' }] },
        write('.git/config'),
      ).action,
    ).toBe('deny');
  });
});

describe('validateRuleGlob', () => {
  it('refuses absolute, climbing and empty globs', () => {
    expect(() => validateRuleGlob('/etc/**')).toThrow(/absolute/u);
    expect(() => validateRuleGlob('../x/**')).toThrow(/climbs out/u);
    expect(() => validateRuleGlob('  ')).toThrow(/empty/u);
    expect(validateRuleGlob(' src/** ')).toBe('src/**');
  });
});
