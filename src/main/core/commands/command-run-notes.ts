// What a command's result says about how it ran: a memory ceiling it reached or ceilings that
// could not be set, and protected paths it created (removed afterwards).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { memorySizeText, stoppedAtMemoryCeiling } from '../../../shared/memory-ceiling-words';
import type { ProcessResult } from './command-process';
import { findProtectedPaths } from '../sandbox/protected-mounts';

/**
 * How a run stopped at its memory ceiling, for a person: "stopped at the memory ceiling of
 * 12 GB: its 3 processes held 12.3 GB and were killed"; null when it did not reach it.
 * `whose` names the run's owner ("its", "the tests'").
 */
export function memoryCeilingWords(result: ProcessResult, whose = 'its'): string | null {
  if (!result.memoryExceeded || result.memoryLimitBytes === null) return null;
  const stopped = stoppedAtMemoryCeiling(result.memoryLimitBytes);
  const watchdog = result.memoryStop;
  if (!watchdog)
    return `${stopped} (files in ${whose} /tmp included): the kernel ended one of ${whose} processes`;
  if (watchdog.tooManyProcesses)
    return `${stopped}: ${whose} processes were more than can be measured, and all were killed`;
  const n = watchdog.processes;
  return `${stopped}: ${whose} ${n === 1 ? 'process' : `${n} processes`} held ${memorySizeText(watchdog.usedBytes)} and ${n === 1 ? 'was' : 'were'} killed`;
}

/** What the result says about its ceilings: the memory one reached, or which could not be set. */
export function ceilingNotes(result: ProcessResult): string[] {
  const notes: string[] = [];
  // The watchdog's stop is how the run ended: the result's end line says it.
  const memory = result.memoryStop ? null : memoryCeilingWords(result);
  if (memory) notes.push(`the command ${memory}`);
  const missing = [
    ...(result.processLimit ? [] : ['process-count']),
    ...(result.memoryLimitBytes === null ? ['memory'] : []),
  ];
  if (missing.length)
    notes.push(
      `no ${missing.join(' or ')} ceiling could be set here (no writable cgroup${result.memoryLimitBytes === null ? ', no /proc to watch memory in' : ''}); the timeout still applies`,
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
