// A project's Dockerfile is code from the project: building it runs its RUN steps on the
// engine. So a devcontainer build runs only once the person approved exactly what goes in (the
// build context, the Dockerfile, its arguments and target, hashed into a pin), as a project's
// MCP entries are approved: a changed Dockerfile or context asks again. The approvals live in
// the app settings, per project, the newest few kept.
import type { WritableDb } from '../store/database-handles';
import { createSettingsRepository } from '../store/settings-repository';

/** Pins kept per project; the oldest is forgotten first. */
const KEPT = 20;

export function isBuildApproved(db: WritableDb, projectId: string, pin: string): boolean {
  const approved = createSettingsRepository(db).read().settings.approvedBuilds ?? {};
  return (approved[projectId] ?? []).includes(pin);
}

export function approveBuild(db: WritableDb, projectId: string, pin: string): void {
  const repository = createSettingsRepository(db);
  const approved = { ...(repository.read().settings.approvedBuilds ?? {}) };
  const pins = (approved[projectId] ?? []).filter((p) => p !== pin);
  approved[projectId] = [...pins, pin].slice(-KEPT);
  repository.write({ approvedBuilds: approved });
}
