// Which JavaScript test runner a project uses, as its package.json and config files say:
// vitest, jest, or Node's own `node --test`. The runner must be installed in the project
// (node_modules/.bin): fetching it would need the network a test run does not have.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedDependencyProblem } from '../workspace/shared-dependencies';

export type JsRunnerKind = 'vitest' | 'jest' | 'node-test';

export interface JsRunner {
  readonly kind: JsRunnerKind;
  /** Project-relative files whose change selects the whole suite (config, setup files). */
  readonly wholeSuiteFiles: ReadonlySet<string>;
  /** Why it cannot run here, when it cannot (the runner is named but not installed). */
  readonly problem?: string;
}

const CONFIG_STEMS: Record<JsRunnerKind, readonly string[]> = {
  vitest: ['vitest.config', 'vite.config', 'vitest.workspace', 'vitest.setup'],
  jest: ['jest.config', 'babel.config', 'jest.setup'],
  'node-test': [],
};
const CONFIG_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'];
const ALWAYS_WHOLE = ['package.json', 'tsconfig.json', '.babelrc'];

interface PackageJson {
  readonly scripts?: Record<string, unknown>;
  readonly devDependencies?: Record<string, unknown>;
  readonly dependencies?: Record<string, unknown>;
  readonly jest?: unknown;
}

function readPackageJson(root: string): PackageJson | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as PackageJson) : null;
  } catch {
    return null;
  }
}

function configFiles(root: string, kind: JsRunnerKind): string[] {
  const found: string[] = [];
  for (const stem of CONFIG_STEMS[kind])
    for (const ext of CONFIG_EXTENSIONS)
      if (existsSync(path.join(root, `${stem}${ext}`))) found.push(`${stem}${ext}`);
  return found;
}

/** Setup files a config names (`setupFiles`, `globalSetup`, `setupFilesAfterEnv`), relative. */
export function namedSetupFiles(configText: string): string[] {
  const out: string[] = [];
  const block =
    /(?:setupFiles(?:AfterEnv)?|globalSetup|globalTeardown|testEnvironment)\s*:\s*(\[[^\]]*\]|['"][^'"]+['"])/gu;
  for (const match of configText.matchAll(block))
    for (const quoted of (match[1] ?? '').matchAll(/['"]([^'"]+)['"]/gu)) {
      const name = (quoted[1] ?? '').replace(/^<rootDir>\//u, '').replace(/^\.\//u, '');
      if (name && !name.startsWith('/') && !name.includes('..')) out.push(name);
    }
  return out;
}

function kindFromPackage(pkg: PackageJson, root: string): JsRunnerKind | null {
  const script = typeof pkg.scripts?.test === 'string' ? pkg.scripts.test : '';
  const mentions: [JsRunnerKind, number][] = (
    [
      ['vitest', script.search(/\bvitest\b/u)],
      ['jest', script.search(/\bjest\b/u)],
      ['node-test', script.search(/\bnode\b[^&|;]*--test\b/u)],
    ] as [JsRunnerKind, number][]
  ).filter(([, at]) => at >= 0);
  mentions.sort((a, b) => a[1] - b[1]);
  if (mentions[0]) return mentions[0][0];
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  if ('vitest' in deps || configFiles(root, 'vitest').some((f) => f.startsWith('vitest')))
    return 'vitest';
  if ('jest' in deps || pkg.jest !== undefined || configFiles(root, 'jest').length) return 'jest';
  return null;
}

/** The project's JS runner, or null when it has none (no package.json or no runner named). */
export function detectJsRunner(root: string): JsRunner | null {
  const pkg = readPackageJson(root);
  if (!pkg) return null;
  const kind = kindFromPackage(pkg, root);
  if (!kind) return null;
  const whole = new Set([...ALWAYS_WHOLE, ...configFiles(root, kind)]);
  for (const config of [...whole]) {
    if (!/config\.|workspace\./u.test(config)) continue;
    try {
      for (const setup of namedSetupFiles(readFileSync(path.join(root, config), 'utf8')))
        whole.add(path.posix.normalize(setup));
    } catch {
      // Unreadable config: its own change still selects the whole suite.
    }
  }
  if (pkg.jest && typeof pkg.jest === 'object')
    for (const setup of namedSetupFiles(JSON.stringify(pkg.jest).replace(/"(\w+)":/gu, '$1:')))
      whole.add(path.posix.normalize(setup));
  const binary = kind === 'node-test' ? null : path.join(root, 'node_modules', '.bin', kind);
  const problem =
    binary && !existsSync(binary)
      ? `${kind} is the project's test runner but is not installed (node_modules/.bin/${kind} is missing); installing it would need the network, which a test run does not have`
      : (sharedDependencyProblem(root, 'node_modules') ?? undefined);
  return { kind, wholeSuiteFiles: whole, ...(problem ? { problem } : {}) };
}
