// The baseline (the selected tests on the disk state) kept per target: a test file's, or a Go
// package's, outcomes on disk under a key of what they can depend on: the runner's command for
// that target alone, the size and modification time of every file the target imports
// (transitively, itself included), and those of every file the language's imports do not
// reach (data, fixtures, configuration, conftest.py), which count for every target. An edit
// that selects a target already known never runs its baseline again, even after an unrelated
// file was written; a run under way for a key is awaited rather than started twice.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ProjectFiles } from '../workspace/project-files';
import type { TestOutcome } from './test-outcome';
import type { TestPlan } from './test-plan';

/** Targets kept at most; the oldest go first. */
const KEPT_TARGETS = 4000;

export type KnownBaseline = readonly TestOutcome[] | Promise<readonly TestOutcome[] | null>;

export interface BaselineCache {
  /** The outcomes on disk under this key, a run that will give them, or undefined. */
  get(key: string): KnownBaseline | undefined;
  /** A run under way answers for `key` (null when it could not tell). */
  pending(key: string, outcomes: Promise<readonly TestOutcome[] | null>): void;
  /** Outcomes a finished run gave for `key` (the background baseline's). */
  keep(key: string, outcomes: readonly TestOutcome[]): void;
  /** The hash of the files no import reaches, once per disk state and language. */
  shared(stateKey: string, plan: TestPlan, compute: () => string): string;
}

export function createBaselineCache(limit = KEPT_TARGETS): BaselineCache {
  const known = new Map<string, readonly TestOutcome[]>();
  const running = new Map<string, Promise<readonly TestOutcome[] | null>>();
  let sharedKeys = new Map<string, string>();
  let sharedState = '';
  const keep = (key: string, list: readonly TestOutcome[]): void => {
    known.delete(key);
    known.set(key, list);
    if (known.size > limit) known.delete(known.keys().next().value as string);
  };
  return {
    get: (key) => known.get(key) ?? running.get(key),
    pending: (key, outcomes) => {
      running.set(key, outcomes);
      void outcomes.then((list) => {
        if (running.get(key) === outcomes) running.delete(key);
        if (list) keep(key, list);
      });
    },
    keep,
    shared: (stateKey, plan, compute) => {
      if (stateKey !== sharedState) {
        sharedState = stateKey;
        sharedKeys = new Map();
      }
      const runner = plan.selection.runner;
      let hash = sharedKeys.get(runner);
      if (hash === undefined) sharedKeys.set(runner, (hash = compute()));
      return hash;
    },
  };
}

/**
 * The key of each target's baseline, or null when the plan cannot be narrowed (its baseline
 * runs whole, uncached).
 */
export function targetKeys(
  root: string,
  project: ProjectFiles,
  plan: TestPlan,
  cache: BaselineCache,
): Map<string, string> | null {
  const narrowing = plan.narrowing;
  if (!narrowing || project.truncated) return null;
  const states = new Map<string, string>();
  const state = (file: string): string => {
    let known = states.get(file);
    if (known === undefined) {
      try {
        const info = statSync(path.join(root, ...file.split('/')));
        known = `${info.size}:${info.mtimeMs}`;
      } catch {
        known = 'absent';
      }
      states.set(file, known);
    }
    return known;
  };
  const shared = cache.shared(project.stateKey, plan, () => {
    const hash = createHash('sha256');
    for (const file of project.files)
      if (!narrowing.isSource(file)) hash.update(`${file}\0${state(file)}\0`);
    return hash.digest('hex');
  });
  const keys = new Map<string, string>();
  for (const target of plan.selection.targets) {
    const hash = createHash('sha256').update(shared);
    hash.update(`\0${narrowing.toTargets([target]).selection.command}\0`);
    for (const file of [...narrowing.dependsOn(target)].sort())
      hash.update(`${file}\0${state(file)}\0`);
    keys.set(target, hash.digest('hex'));
  }
  return keys;
}

/** A run's outcomes by target; null when one cannot be placed (nothing is kept then). */
export function outcomesByTarget(
  plan: TestPlan,
  targets: readonly string[],
  outcomes: readonly TestOutcome[],
): Map<string, TestOutcome[]> | null {
  const narrowing = plan.narrowing;
  if (!narrowing) return null;
  const byTarget = new Map<string, TestOutcome[]>(targets.map((t) => [t, []]));
  for (const o of outcomes) {
    const target = narrowing.targetOf(o);
    const list = target === null ? undefined : byTarget.get(target);
    if (!list) return null;
    list.push(o);
  }
  return byTarget;
}
