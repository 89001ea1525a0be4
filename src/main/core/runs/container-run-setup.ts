// What a shell does to run a background run in a container: find the engine,
// sweep what dead runs left on it, pick the image (never pulled), and make the executor. One
// function for the CLI and the app, so both refuse the same way: a ContainerSetupError
// whose message says what is missing and how to name it.
import { createContainerRunExecutor } from './container-executor';
import type { RunExecutor } from '../commands/run-executor';
import type { WritableDb } from '../store/database-handles';
import {
  connectEngine,
  ContainerEngineError,
  engineProblem,
  type ContainerEngine,
} from './container-engine';
import {
  BuildApprovalNeeded,
  ContainerImageError,
  resolveRunImage,
  type BuildApprovalRequest,
} from './container-image';
import { approveBuild, isBuildApproved } from './devcontainer-build-approvals';
import { projectIdFor } from '../store/project-id';
import { sweepRunContainers } from './sweep-containers';

export class ContainerSetupError extends Error {
  override readonly name = 'ContainerSetupError';
}

export async function setUpContainerExecutor(options: {
  readonly db: WritableDb;
  readonly home: string;
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  /** `--image` for this run. */
  readonly image?: string | null | undefined;
  /** The backgroundImage setting. */
  readonly settingImage?: string | null | undefined;
  /** Tests hand an engine they started. */
  readonly engine?: ContainerEngine | undefined;
  /**
   * Asks the person whether to build the project's devcontainer as shown (a terminal's
   * prompt); absent, an unapproved build is refused with how to approve it.
   */
  readonly askBuild?: ((request: BuildApprovalRequest) => Promise<boolean>) | undefined;
}): Promise<RunExecutor> {
  let engine: ContainerEngine;
  try {
    engine = options.engine ?? connectEngine(options.env);
  } catch (error) {
    if (error instanceof ContainerEngineError) throw new ContainerSetupError(error.message);
    throw error;
  }
  const problem = await engineProblem(engine);
  if (problem) throw new ContainerSetupError(problem);
  await sweepRunContainers(engine, options.db, options.home);
  const projectId = projectIdFor(options.root);
  const resolve = () =>
    resolveRunImage({
      engine,
      root: options.root,
      home: options.home,
      named: options.image,
      setting: options.settingImage,
      buildApproved: (pin) => isBuildApproved(options.db, projectId, pin),
    });
  try {
    let image;
    try {
      image = await resolve();
    } catch (error) {
      if (!(error instanceof BuildApprovalNeeded) || !options.askBuild) throw error;
      if (!(await options.askBuild(error.request)))
        throw new ContainerSetupError(
          `you did not approve building ${error.request.dockerfile}; nothing was built`,
        );
      approveBuild(options.db, projectId, error.request.pin);
      image = await resolve();
    }
    return createContainerRunExecutor({ home: options.home, engine, image, env: options.env });
  } catch (error) {
    if (error instanceof ContainerImageError) throw new ContainerSetupError(error.message);
    throw error;
  }
}

/** Best-effort sweep at start-up: only where an engine is configured or found; never throws. */
export async function sweepContainersIfAny(
  db: WritableDb,
  home: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  let engine: ContainerEngine;
  try {
    engine = connectEngine(env);
  } catch {
    return;
  }
  // An engine far away (ssh://) that does not answer must not hold up `sluice proposals`.
  await Promise.race([
    sweepRunContainers(engine, db, home),
    new Promise((resolve) => setTimeout(resolve, SWEEP_WAIT_MS).unref()),
  ]);
}

const SWEEP_WAIT_MS = 5_000;
