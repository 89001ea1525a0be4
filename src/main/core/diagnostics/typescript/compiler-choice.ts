// Which TypeScript checks a project: the project's own
// `node_modules/typescript` when it has one, since errors from another compiler than the one
// the project builds with are wrong evidence; Sluice's own only when the project has none.
// Sluice's own is TypeScript 7 (npm's latest, its native checker keeps the program warm
// across proposals, and it starts cold in a fraction of 6.x's time) for a project with a root
// tsconfig.json, and for loose files (no tsconfig.json or jsconfig.json at the root) through
// the config the checker gives them (native-inferred-project.ts); the bundled 6.x language
// service for a jsconfig.json (7's JavaScript checking is not complete), and when TypeScript 7
// cannot take the configuration (options 7 removed): the worker falls back at start, before
// any answer (typescript-check-worker.ts).
// Decided inside the confined check process: the project's package.json is read by the
// checker's read rules and its compiler is only ever loaded there.
import { lstatSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCheckerFileReads } from './file-reads';

export interface LanguageServiceChoice {
  readonly kind: 'language-service';
  readonly version: string;
  readonly owner: 'project' | 'sluice';
  /** The package folder, given to require(). */
  readonly modulePath: string;
  /** Folders outside the project the compiler may read (Sluice's own package). */
  readonly readableDirs: readonly string[];
}

export type CompilerChoice =
  | {
      readonly kind: 'language-service';
      readonly version: string;
      readonly owner: 'project' | 'sluice';
      /** The package folder, given to require(). */
      readonly modulePath: string;
      /** Folders outside the project the compiler may read (Sluice's own package). */
      readonly readableDirs: readonly string[];
    }
  | {
      /** TypeScript 7: its native compiler through `typescript/unstable/sync`. */
      readonly kind: 'native';
      readonly version: string;
      readonly owner: 'project' | 'sluice';
      readonly modulePath: string;
      readonly readableDirs: readonly string[];
      /** Sluice's own 6.x, when Sluice's own 7 cannot take the project's configuration. */
      readonly fallback?: LanguageServiceChoice;
      /** Loose files: no config at the root, so the checker gives TypeScript 7 one. */
      readonly inferred?: true;
    }
  | {
      readonly kind: 'unsupported';
      readonly version: string;
      readonly owner: 'project';
      readonly reason: string;
    };

/** "TypeScript 6.0.3, the project's" / "TypeScript 6.0.3, Sluice's own (the project has none)". */
export function compilerLabel(choice: Pick<CompilerChoice, 'version' | 'owner'>): string {
  return `TypeScript ${choice.version}, ${
    choice.owner === 'project' ? "the project's" : "Sluice's own (the project has none)"
  }`;
}

function versionOf(text: string | undefined): string | null {
  if (text === undefined) return null;
  try {
    const parsed = JSON.parse(text) as { name?: unknown; version?: unknown };
    return parsed.name === 'typescript' && typeof parsed.version === 'string'
      ? parsed.version
      : null;
  } catch {
    return null;
  }
}

export function chooseCompiler(
  root: string,
  bundledTypescript: string,
  bundledNative?: string,
): CompilerChoice {
  const folder = path.join(root, 'node_modules', 'typescript');
  const reads = createCheckerFileReads(root, []);
  const version = versionOf(reads.readFile(path.join(folder, 'package.json')));
  if (version) {
    const major = Number(version.split('.')[0]);
    if (major === 7)
      return {
        kind: 'native',
        version,
        owner: 'project',
        modulePath: realpathSync(folder),
        readableDirs: nativeLibDirs(realpathSync(folder)),
      };
    if (!(major >= 4 && major < 7))
      return {
        kind: 'unsupported',
        version,
        owner: 'project',
        reason: `${compilerLabel({ version, owner: 'project' })} ${
          major >= 8 ? 'is newer than Sluice knows how to drive' : 'is older than 4.0'
        }; errors from another compiler would be wrong evidence`,
      };
    return {
      kind: 'language-service',
      version,
      owner: 'project',
      modulePath: realpathSync(folder),
      readableDirs: [],
    };
  }
  if (existsOrLinked(folder))
    // Present but unreadable (a link into a hidden folder, no package.json): never silently
    // replaced by another compiler.
    return {
      kind: 'unsupported',
      version: 'unknown',
      owner: 'project',
      reason:
        "the project's node_modules/typescript cannot be read here (its package.json is missing or refused); errors from another compiler would be wrong evidence",
    };
  const own = realpathSync(bundledTypescript);
  const ownVersion = versionOf(
    createCheckerFileReads(own, []).readFile(path.join(own, 'package.json')),
  );
  const languageService: LanguageServiceChoice = {
    kind: 'language-service',
    version: ownVersion ?? 'unknown',
    owner: 'sluice',
    modulePath: own,
    readableDirs: [own],
  };
  const native = bundledNative ? ownNative(bundledNative) : null;
  if (!native) return languageService;
  if (reads.readFile(path.join(root, 'tsconfig.json')) !== undefined)
    return { ...native, fallback: languageService };
  // A jsconfig.json is for JavaScript, which TypeScript 7 does not check completely yet.
  if (reads.readFile(path.join(root, 'jsconfig.json')) !== undefined) return languageService;
  return { ...native, fallback: languageService, inferred: true };
}

/** Sluice's own TypeScript 7, when its package and its native executable's lib folder are there. */
function ownNative(packageFolder: string): Extract<CompilerChoice, { kind: 'native' }> | null {
  try {
    const own = realpathSync(packageFolder);
    const version = versionOf(
      createCheckerFileReads(own, []).readFile(path.join(own, 'package.json')),
    );
    const libs = nativeLibDirs(own);
    if (!version || Number(version.split('.')[0]) !== 7 || !libs.length) return null;
    return {
      kind: 'native',
      version,
      owner: 'sluice',
      modulePath: own,
      readableDirs: [own, ...libs],
    };
  } catch {
    return null;
  }
}

/**
 * TypeScript 7 reads its lib files (lib.es5.d.ts, lib.dom.d.ts…) from its platform package
 * (`@typescript/typescript-<platform>-<arch>/lib`, beside its executable), resolved from its
 * own package as its `getExePath` does. When the project's typescript is linked from outside
 * the project (npm link, a workspace's hoisted node_modules) that folder is outside too; the
 * read rules refused it, and every check ran without `Error`, `Omit` or `Array`'s methods.
 */
function nativeLibDirs(modulePath: string): string[] {
  try {
    const platformPackage = `@typescript/typescript-${process.platform}-${process.arch}/package.json`;
    const found = createRequire(path.join(modulePath, 'package.json')).resolve(platformPackage);
    return [path.join(realpathSync(path.dirname(found)), 'lib')];
  } catch {
    return [];
  }
}

function existsOrLinked(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
