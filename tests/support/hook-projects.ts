// Temp projects for the proposal hooks' tests: real files, a real eslint (ours, linked into the
// project's node_modules, which the sandbox shows read-only where it lies) with a flat config,
// and the port's one call the evidence makes, over a list of hook definitions.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HookDefinition } from '../../src/shared/hooks';
import type { ProjectHooks } from '../../src/main/core/hooks/hooks-port';

const OUR_MODULES = path.resolve(__dirname, '../../node_modules');

/** The eslint of the project: its own binary, on the files the hook is told changed. */
export const ESLINT_HOOK = 'node_modules/.bin/eslint --no-warn-ignored $SLUICE_CHANGED_FILES';

/** A flat config with two rules a change can break. */
export const ESLINT_CONFIG = `export default [
  { files: ['**/*.js'], rules: { 'no-unused-vars': 'error', 'no-var': 'error' } },
];
`;

export interface HookProject {
  readonly root: string;
  /** SLUICE_HOME stand-in: the copies are made under it. */
  readonly home: string;
  write(relative: string, text: string): void;
  cleanup(): void;
}

export function hookProject(files: Record<string, string>, withEslint = false): HookProject {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-proposal-hooks-')));
  const root = path.join(base, 'project');
  const home = path.join(base, 'home');
  mkdirSync(root);
  mkdirSync(home);
  const write = (relative: string, text: string): void => {
    const file = path.join(root, ...relative.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  for (const [relative, text] of Object.entries(files)) write(relative, text);
  if (withEslint) {
    write('eslint.config.mjs', ESLINT_CONFIG);
    mkdirSync(path.join(root, 'node_modules', '.bin'), { recursive: true });
    const real = realpathSync(OUR_MODULES);
    symlinkSync(path.join(real, 'eslint'), path.join(root, 'node_modules', 'eslint'));
    symlinkSync(
      path.join(real, 'eslint', 'bin', 'eslint.js'),
      path.join(root, 'node_modules', '.bin', 'eslint'),
    );
  }
  return { root, home, write, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

let made = 0;
/** A person's PreToolUse hook on edit_file and create_file. */
export function personHook(command: string, timeoutSeconds = 60): HookDefinition {
  made += 1;
  return {
    id: `person-hook-${made}`,
    source: 'person',
    event: 'PreToolUse',
    matcher: 'edit_file|create_file',
    command,
    timeoutSeconds,
  };
}

/** The engine's hooks as the evidence sees them: the approved PreToolUse hooks a tool matches. */
export function hooksOf(defs: readonly HookDefinition[]): Pick<ProjectHooks, 'proposalHooks'> {
  return {
    proposalHooks: (tool) =>
      defs.filter((h) => h.matcher === null || new RegExp(`^(?:${h.matcher})$`, 'u').test(tool)),
  };
}
