// The per-project "commit each approved turn" setting, kept in the app DB's
// settings as the list of project ids that turned it on. Off unless the person turns it on.
import type { WritableDb } from '../store/database-handles';
import { createSettingsRepository } from '../store/settings-repository';

export function commitsEachTurn(db: WritableDb, projectId: string): boolean {
  return (createSettingsRepository(db).read().settings.commitEachTurn ?? []).includes(projectId);
}

export function setCommitEachTurn(db: WritableDb, projectId: string, on: boolean): void {
  const repository = createSettingsRepository(db);
  const now = new Set(repository.read().settings.commitEachTurn ?? []);
  if (on) now.add(projectId);
  else now.delete(projectId);
  repository.write({ commitEachTurn: now.size > 0 ? [...now].sort() : null });
}
