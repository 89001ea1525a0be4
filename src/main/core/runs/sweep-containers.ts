// Start-up housekeeping for container runs: every container and run image this
// SLUICE_HOME made (label `sluice.home=<hash>`) whose set is no longer running is removed.
// A run gives its container back when it ends, so what is found here was left by a process
// that died (kill -9, a crash) or by an engine that did not answer then. Call it after
// sweepBackgroundRuns, which marks the dead processes' runs failed first. Never throws: an
// engine that does not answer leaves its containers for the next sweep and says so.
import type { WritableDb } from '../store/database-handles';
import { HOME_LABEL, homeLabel, RUN_LABEL, type ContainerEngine } from './container-engine';

export interface ContainerSweep {
  readonly removedContainers: string[];
  readonly removedImages: string[];
  /** Why the engine could not be swept, or null. */
  readonly problem: string | null;
}

export async function sweepRunContainers(
  engine: ContainerEngine,
  db: WritableDb,
  home: string,
): Promise<ContainerSweep> {
  const filters = JSON.stringify({ label: [`${HOME_LABEL}=${homeLabel(home)}`] });
  const removedContainers: string[] = [];
  const removedImages: string[] = [];
  try {
    const status = db.prepare('SELECT status FROM change_sets WHERE id = ?');
    // Asked per container after listing: a run creates its set's row before its container.
    const running = (id: string | undefined): boolean =>
      id !== undefined && (status.get(id) as { status: string } | undefined)?.status === 'running';
    const containers = await engine.docker.listContainers({ all: true, filters });
    for (const info of containers) {
      if (running(info.Labels?.[RUN_LABEL])) continue;
      await engine.docker.getContainer(info.Id).remove({ force: true, v: true });
      removedContainers.push(info.Id);
    }
    const images = await engine.docker.listImages({ filters });
    for (const info of images) {
      // Devcontainer builds carry only the home label: a cache, kept.
      const run = info.Labels?.[RUN_LABEL];
      if (run === undefined || running(run)) continue;
      await engine.docker.getImage(info.Id).remove({ force: true });
      removedImages.push(info.Id);
    }
    return { removedContainers, removedImages, problem: null };
  } catch (error) {
    return {
      removedContainers,
      removedImages,
      problem: `the container engine at ${engine.description} could not be swept: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
