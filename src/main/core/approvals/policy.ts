// The approval policy: a mode plus rules `{tool or kind, path glob,
// allow|ask|deny}`, deny over ask over allow. Protected paths always ask, compared
// case-insensitively, whatever the mode or rules allow. The policy is read from the app DB,
// never from the project folder, so nothing inside the project can loosen it.
import picomatch from 'picomatch';
import type { PolicyRule } from '../../../shared/approvals';
import { missingCase } from '../../../shared/missing-case';
import type { PolicyState } from '../../../shared/policy-rules';

/** What a tool does to the project: the policy's rules can name a kind instead of a tool. */
export type ToolKind = 'read' | 'write';

export interface PolicySubject {
  readonly tool: string;
  readonly kind: ToolKind;
  /** Workspace-relative path with forward slashes. */
  readonly path: string;
}

export interface PolicyVerdict {
  readonly action: 'allow' | 'ask' | 'deny';
  /** `rule` when a rule decided, `mode` otherwise (protected paths count as mode). */
  readonly decidedBy: 'rule' | 'mode';
  readonly reason: string;
  readonly protectedPath: boolean;
  readonly ruleId?: string;
  /** Asked only if its evidence is not clean ("approve when clean", in ask mode). */
  readonly unlessClean?: boolean;
}

/** DESIGN.md "Sandbox rules": these always ask. Matched at any depth. */
export const PROTECTED_GLOBS = [
  '.git',
  '.git/**',
  '.env*',
  '.sluice/**',
  '.vscode/**',
  '*.code-workspace',
  '.npmrc',
  '.github/workflows/**',
] as const;

const protectedMatchers = PROTECTED_GLOBS.map((glob) =>
  picomatch([glob, `**/${glob}`], { dot: true, nocase: true }),
);

/**
 * True for a protected path. Segments are compared with trailing dots and spaces removed
 * as well, so `.git./config` or `.GIT /config` cannot slip past on file systems that
 * ignore them.
 */
export function isProtectedPath(relativePath: string): boolean {
  const clean = relativePath.split(/[\\/]+/u).filter((s) => s && s !== '.');
  const stripped = clean.map((s) => s.replace(/[. ]+$/u, '') || s);
  return [clean.join('/'), stripped.join('/')].some((p) => protectedMatchers.some((m) => m(p)));
}

function ruleMatches(rule: PolicyRule, subject: PolicySubject): boolean {
  if (rule.tool !== '*' && rule.tool !== subject.tool && rule.tool !== subject.kind) return false;
  return picomatch(rule.pathGlob, { dot: true })(subject.path);
}

const RANK = { deny: 3, ask: 2, allow: 1 } as const;

/** Why plan mode refuses a write: nothing is written until the person approves a plan. */
export const PLAN_MODE_WRITE_REASON =
  'the conversation is in plan mode: explore read-only and propose a plan with submit_plan; no file may be written until the person approves the plan';

export function evaluatePolicy(state: PolicyState, subject: PolicySubject): PolicyVerdict {
  const protectedPath = isProtectedPath(subject.path);
  let strongest: PolicyRule | undefined;
  for (const rule of state.rules) {
    if (!ruleMatches(rule, subject)) continue;
    if (!strongest || RANK[rule.action] > RANK[strongest.action]) strongest = rule;
  }
  const byMode = (action: PolicyVerdict['action'], reason: string): PolicyVerdict => ({
    action,
    decidedBy: 'mode',
    reason,
    protectedPath,
  });
  const byRule = (rule: PolicyRule, done: string): PolicyVerdict => ({
    action: rule.action,
    decidedBy: 'rule',
    reason: `${done} by rule "${rule.action} ${rule.tool} ${rule.pathGlob}"`,
    protectedPath,
    ruleId: rule.id,
  });
  if (strongest?.action === 'deny') return byRule(strongest, 'denied');
  if (subject.kind === 'read') return byMode('allow', 'reads run without asking');
  switch (state.mode) {
    case 'read-only':
      return byMode('deny', 'the approval mode is read-only: no file may be written');
    case 'plan':
      return byMode('deny', PLAN_MODE_WRITE_REASON);
    case 'ask':
    case 'auto-edit':
      break;
    default:
      return missingCase(state.mode);
  }
  if (protectedPath)
    return byMode('ask', `${subject.path} is a protected path: writes to it always ask`);
  if (strongest) return byRule(strongest, strongest.action === 'ask' ? 'asked' : 'allowed');
  if (state.mode === 'auto-edit') return byMode('allow', 'the approval mode is auto-edit');
  if (state.approveWhenClean)
    return {
      ...byMode('ask', 'the approval mode asks unless the evidence is clean'),
      unlessClean: true,
    };
  return byMode('ask', 'the approval mode asks before every write');
}
