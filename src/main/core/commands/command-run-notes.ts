// What a command's result says about how it ran: a memory ceiling it reached or ceilings that
// could not be set, and protected paths it created (removed afterwards).
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { ProcessResult } from './command-process';
import { findProtectedPaths } from '../sandbox/protected-mounts';

function gigabytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(bytes < 1024 ** 3 ? 2 : 1)} GB`;
}

/** What the result says about its ceilings: the memory one reached, or which could not be set. */
export function ceilingNotes(result: ProcessResult): string[] {
  const notes: string[] = [];
  if (result.memoryExceeded && result.memoryLimitBytes !== null)
    notes.push(
      `the command reached its memory ceiling (${gigabytes(result.memoryLimitBytes)}, files in its /tmp included): the kernel ended a process in it`,
    );
  const missing = [
    ...(result.processLimit ? [] : ['process-count']),
    ...(result.memoryLimitBytes === null ? ['memory'] : []),
  ];
  if (missing.length)
    notes.push(
      `no ${missing.join(' or ')} ceiling could be set here (no writable cgroup); the timeout still applies`,
    );
  return notes;
}

/**
 * Protected paths that did not exist when the command started cannot be bound read-only
 * (the mount point would have to be created first), so whatever the command created there
 * (`.git/hooks/…` after a fresh `.git`, `.vscode/tasks.json`, `.env`) is removed afterwards.
 */
export function removeCreatedProtected(root: string, before: readonly string[]): string[] {
  const existing = new Set(before);
  const created = findProtectedPaths(root).paths.filter((p) => !existing.has(p));
  if (!created.length) return [];
  for (const p of created) rmSync(p, { recursive: true, force: true });
  const names = created.map((p) => path.relative(root, p).split(path.sep).join('/'));
  return [
    `the command created protected paths, which commands may not do; they were removed: ${names.join(', ')}`,
  ];
}
