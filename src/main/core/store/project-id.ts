import { createHash } from 'node:crypto';

/**
 * A project's id is derived from its real root path, so the CLI, browser mode and the app
 * name the same project the same way without sharing state (per-project index databases
 * live under SLUICE_HOME by this id).
 */
export function projectIdFor(realRoot: string): string {
  return createHash('sha256').update(realRoot, 'utf8').digest('hex').slice(0, 16);
}
