// Types for the local layering rule, for the test that reads its floor list.
import type { ESLint } from 'eslint';

export declare const CORE_FLOORS: readonly string[];
export declare function coreFloorProblem(
  fromFolder: string | undefined,
  toFolder: string | undefined,
): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;
