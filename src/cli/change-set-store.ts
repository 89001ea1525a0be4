// The change sets a CLI verb reads, in the app DB under SLUICE_HOME: opened with the runs that
// died (crash, kill -9) marked failed and their containers removed first, so a list or a
// review never shows a run as still going when nothing runs it.
import { sweepContainersIfAny } from '../main/core/runs/container-run-setup';
import { sweepBackgroundRuns } from '../main/core/runs/sweep-runs';
import { openAppDatabase } from '../main/core/store/app-database';
import {
  createChangeSetRepository,
  type ChangeSetRepository,
} from '../main/core/store/change-set-repository';
import type { WritableDb } from '../main/core/store/database-handles';
import type { CliIo } from './cli-io';
import { sluiceHomeFor } from './project-context';

export interface ChangeSetStore {
  readonly home: string;
  /** The caller closes it. */
  readonly db: WritableDb;
  readonly repo: ChangeSetRepository;
}

export async function openChangeSetStore(io: CliIo): Promise<ChangeSetStore> {
  const home = sluiceHomeFor(io);
  const db = openAppDatabase({ home });
  try {
    const repo = createChangeSetRepository(db);
    sweepBackgroundRuns(db, home);
    await sweepContainersIfAny(db, home, io.env);
    return { home, db, repo };
  } catch (error) {
    db.close();
    throw error;
  }
}
