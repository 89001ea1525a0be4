// Matchers read as Claude Code reads them, with Claude Code's tool names matching Sluice's.
import { describe, expect, it } from 'vitest';
import {
  compileMatcher,
  hookApplies,
  toolNames,
} from '../../../../src/main/core/hooks/hook-matcher';

const applies = (matcher: string | null, tool: string) =>
  hookApplies('PreToolUse', compileMatcher(matcher), tool);

describe('hook matchers', () => {
  it('compileMatcher - empty, missing and * match every tool', () => {
    for (const m of [null, '', '  ', '*']) expect(applies(m, 'read_file')).toBe(true);
  });

  it("compileMatcher - Claude Code's Edit|Write matches edit_file and create_file, not read_file", () => {
    expect(applies('Edit|Write', 'edit_file')).toBe(true);
    expect(applies('Edit|Write', 'create_file')).toBe(true);
    expect(applies('Edit|Write', 'read_file')).toBe(false);
    expect(applies('MultiEdit', 'edit_file')).toBe(true);
    expect(applies('Bash', 'run_command')).toBe(true);
    expect(applies('Read', 'read_file')).toBe(true);
    expect(applies('Grep', 'search_files')).toBe(true);
    expect(applies('Glob', 'find_files')).toBe(true);
    expect(applies('LS', 'list_files')).toBe(true);
    expect(applies('run_command', 'run_command')).toBe(true);
    expect(toolNames('edit_file')).toEqual(['edit_file', 'Edit', 'MultiEdit']);
  });

  it('compileMatcher - plain names match exactly; anything else is an unanchored regex', () => {
    expect(applies('Edit', 'EditX')).toBe(false);
    expect(applies('edit', 'edit_file')).toBe(false);
    expect(applies('mcp__.*', 'mcp__github__create_issue')).toBe(true);
    expect(applies('mcp__memory__.*', 'mcp__github__create_issue')).toBe(false);
    expect(applies('^Ed', 'edit_file')).toBe(true);
    expect(applies('Notebook.*', 'edit_file')).toBe(false);
  });

  it('compileMatcher - an invalid regex is a problem in words, and matches nothing', () => {
    const bad = compileMatcher('Edit(');
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problem).toContain('its matcher "Edit(" is not a valid pattern');
      expect(bad.problem).toContain('Edit|Write');
    }
    expect(hookApplies('PreToolUse', bad, 'edit_file')).toBe(false);
    expect(compileMatcher('x'.repeat(1001)).ok).toBe(false);
  });

  it('hookApplies - a start matches its source; a prompt and a stop ignore the matcher', () => {
    expect(hookApplies('SessionStart', compileMatcher('resume'), 'resume')).toBe(true);
    expect(hookApplies('SessionStart', compileMatcher('resume'), 'startup')).toBe(false);
    expect(hookApplies('UserPromptSubmit', compileMatcher('Bash'), undefined)).toBe(true);
    expect(hookApplies('Stop', compileMatcher('Bash'), undefined)).toBe(true);
    expect(hookApplies('PostToolUse', compileMatcher(null), undefined)).toBe(false);
  });
});
