// Path resolution by components, never by string prefix (DESIGN.md "Sandbox rules").
// The lexical path must stay inside the root, then the deepest existing ancestor is
// realpath'd and must still be inside: symlinks and not-yet-existing tails cannot escape.
// Callers do their I/O on the returned real absolute path.
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { WorkspaceLimits } from './limits';
import { normalizePathInput } from './path-input';
import { SandboxError, quotePath } from './sandbox-error';
import { errnoCode } from './errno-code';

export type ResolvePurpose = 'read' | 'write';

export interface ResolvedPath {
  /** Real absolute path (symlinks in existing components resolved). */
  readonly absolute: string;
  /** Relative to the root with `/` separators; '' for the root itself. */
  readonly relative: string;
}

/** True when `candidate` is `root` or below it, compared component by component. */
export function isInsideRoot(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  if (rel === '') return true;
  if (path.isAbsolute(rel)) return false;
  const first = rel.split(path.sep)[0];
  return first !== '..';
}

function loopError(input: string): SandboxError {
  return new SandboxError(
    'symlink-loop',
    input,
    `${quotePath(input)} goes through a symlink loop (ELOOP).`,
  );
}

/** Splits `lexical` into its deepest existing ancestor and the missing tail below it. */
function deepestExisting(lexical: string, input: string): { existing: string; tail: string[] } {
  const tail: string[] = [];
  let current = lexical;
  for (;;) {
    try {
      lstatSync(current);
      return { existing: current, tail };
    } catch (error) {
      const code = errnoCode(error);
      if (code === 'ELOOP') throw loopError(input);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    }
    const parent = path.dirname(current);
    if (parent === current) return { existing: current, tail };
    tail.unshift(path.basename(current));
    current = parent;
  }
}

function realpathOrLoop(target: string, input: string): string {
  try {
    return realpathSync.native(target);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ELOOP') throw loopError(input);
    // A dangling symlink: lstat saw the link but its target is missing, so where it leads
    // cannot be checked. Refusing is the closed failure.
    if (code === 'ENOENT') {
      throw new SandboxError(
        'symlink-outside',
        input,
        `${quotePath(input)} goes through a symlink whose target does not exist, so it cannot be checked.`,
      );
    }
    throw error;
  }
}

export function toRelative(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join('/');
}

/**
 * Resolves a caller's path against `root` (already a realpath). Throws SandboxError naming
 * the rule for anything that would leave the root. For 'write', the final component must not
 * be a symlink at all.
 */
export function resolveInsideRoot(
  root: string,
  input: unknown,
  purpose: ResolvePurpose,
  limits: WorkspaceLimits,
): ResolvedPath {
  const raw = typeof input === 'string' ? input : String(input);
  const normalized = normalizePathInput(input, limits);
  const lexical = path.resolve(root, normalized);
  const lexicallyInside = isInsideRoot(root, lexical);
  // An absolute path outside the real root may still be inside it through an alias of the
  // root (e.g. /tmp → /private/tmp); only the realpath check below decides for those.
  if (!lexicallyInside && !path.isAbsolute(normalized)) {
    throw new SandboxError(
      'outside-root',
      raw,
      `${quotePath(raw)} resolves outside the project root.`,
    );
  }
  const { existing, tail } = deepestExisting(lexical, raw);
  const realExisting = realpathOrLoop(existing, raw);
  const absolute = tail.length ? path.join(realExisting, ...tail) : realExisting;
  if (!isInsideRoot(root, absolute)) {
    if (!lexicallyInside) {
      throw new SandboxError(
        'outside-root',
        raw,
        `${quotePath(raw)} resolves outside the project root.`,
      );
    }
    throw new SandboxError(
      'symlink-outside',
      raw,
      `${quotePath(raw)} goes through a symlink that leads outside the project root.`,
    );
  }
  if (purpose === 'write' && tail.length === 0) {
    let isLink: boolean;
    try {
      isLink = lstatSync(lexical).isSymbolicLink();
    } catch (error) {
      if (errnoCode(error) === 'ELOOP') throw loopError(raw);
      throw error;
    }
    if (isLink) {
      throw new SandboxError(
        'symlink-write',
        raw,
        `${quotePath(raw)} is a symlink; writes never follow symlinks. Write to the file it points to instead.`,
      );
    }
  }
  return { absolute, relative: toRelative(root, absolute) };
}
