// `npm run bench -- proposal-hooks`: what a proposal hook adds to the evidence. The person's
// PreToolUse hook runs eslint on the one changed file of a proposal in the ~3,000-file
// TypeScript project of the diagnostics bench (typescriptProject), through the real port the
// evidence calls (createProposalHooks: a private overlay copy with the proposed text laid over,
// bubblewrap, network off), side by side with the same eslint command run on the project
// directly, the rounds alternating. Budget: the hook's evidence within 1.3× the direct run (median of the rounds).
// eslint and typescript-eslint are ours (node_modules), linked into the project as a project's
// own dev dependencies would be. Sizes: BENCH_DIAG_COPIES (default 8), BENCH_HOOK_ROUNDS
// (default 7). Needs bubblewrap and an overlay in a user namespace; without them it fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { HookDefinition } from '../src/shared/hooks';
import { createProposalHooks, type ProposalHooks } from '../src/main/core/hooks/proposal-hooks';
import { detectCopySupport } from '../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../src/main/core/sandbox/sandbox-detect';
import type { BenchTable } from './bench-table';
import { listFiles, typescriptProject } from './diagnostics-bench';
import { percentile } from './diagnostics-warm';

const require = createRequire(import.meta.url);
const env = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const COPIES = env('BENCH_DIAG_COPIES', 8);
const ROUNDS = env('BENCH_HOOK_ROUNDS', 7);
const TARGET_RATIO = 1.3;

const ESLINT_DIR = path.dirname(require.resolve('eslint/package.json'));
const TSESLINT_DIR = path.dirname(require.resolve('typescript-eslint/package.json'));
const ESLINT = 'node_modules/.bin/eslint';

/** A flat config a team might have: the TypeScript parser and a few syntactic rules. */
const CONFIG = `import tseslint from 'typescript-eslint';
export default [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser },
    rules: { 'no-var': 'error', 'prefer-const': 'error', eqeqeq: 'error', 'no-debugger': 'error' } },
];
`;

/** eslint as the project's dev dependency: its binary, the package and the parser, linked. */
function addEslint(root: string): void {
  const modules = path.join(root, 'node_modules');
  mkdirSync(path.join(modules, '.bin'), { recursive: true });
  symlinkSync(ESLINT_DIR, path.join(modules, 'eslint'));
  symlinkSync(TSESLINT_DIR, path.join(modules, 'typescript-eslint'));
  symlinkSync(path.join(ESLINT_DIR, 'bin', 'eslint.js'), path.join(modules, '.bin', 'eslint'));
  writeFileSync(path.join(root, 'eslint.config.mjs'), CONFIG);
}

/** The file the proposal changes: the project's largest, with a `var` added at its end. */
function pickChange(root: string): { path: string; text: string } {
  const files = [...listFiles(root, '.ts').entries()].sort((a, b) => b[1].length - a[1].length);
  const [file, text] = files[0] ?? [];
  if (!file || text === undefined) throw new Error('the bench project has no TypeScript file');
  return { path: file, text: `${text}\nexport var benchAdded = 1;\n` };
}

function hook(command: string): HookDefinition {
  return {
    id: 'bench-eslint',
    source: 'person',
    event: 'PreToolUse',
    matcher: 'edit_file',
    command,
    timeoutSeconds: 300,
  };
}

/**
 * The reference: the same command on the project as it is, unconfined, the changed file
 * written in place for the run and put back. Its wall time in ms.
 */
function directRun(root: string, change: { path: string; text: string }, command: string): number {
  const file = path.join(root, change.path);
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, change.text);
  const started = performance.now();
  const ran = spawnSync('/bin/sh', ['-c', command], { cwd: root, encoding: 'utf8' });
  const took = performance.now() - started;
  writeFileSync(file, original);
  if (ran.status !== 1 || !ran.stdout.includes('no-var'))
    throw new Error(`eslint did not report the added var: ${ran.stdout}${ran.stderr}`);
  return took;
}

/** The hooks' evidence part for the change: its wall time, and the hook's own in its sandbox. */
async function hookRun(
  hooks: ProposalHooks,
  change: { path: string; text: string },
): Promise<{ total: number; inHook: number }> {
  const started = performance.now();
  const part = await hooks.check({
    files: [{ path: change.path, text: change.text, isNewFile: false }],
    deadlineMs: 10 * 60_000,
  });
  const total = performance.now() - started;
  const run = part?.runs[0];
  if (!run?.output.includes('no-var'))
    throw new Error(`the hook did not see the added var: ${JSON.stringify(part)}`);
  return { total, inHook: run.ms };
}

function median(values: readonly number[]): number {
  return percentile([...values], 50);
}

export async function run(): Promise<BenchTable> {
  const title = `Proposal hooks: eslint on one changed file, ${COPIES} copies of the SDK's sources`;
  const sandbox = detectSandbox();
  const copy = detectCopySupport();
  if (!sandbox.available || !copy.available)
    return {
      title,
      columns: ['what', 'note'],
      rows: [['proposal hook', sandbox.available ? copy.detail : sandbox.detail]],
      failed: true,
    };
  const root = typescriptProject(COPIES);
  const home = path.join(os.tmpdir(), `sluice-bench-hooks-home-${process.pid}`);
  mkdirSync(home, { recursive: true });
  try {
    addEslint(root);
    const files = listFiles(root, '.ts').size;
    const change = pickChange(root);
    const command = `${ESLINT} ${change.path}`;
    const hooks = createProposalHooks({
      hooks: { proposalHooks: () => [hook(`${ESLINT} $SLUICE_CHANGED_FILES`)] },
      root,
      home,
      sandbox,
      copySupport: copy,
    });
    // Rounds alternate between the two, so a busy machine weighs on both alike; the first of
    // each warms the caches and is not counted.
    const direct: number[] = [];
    const total: number[] = [];
    const inHook: number[] = [];
    for (let i = 0; i <= ROUNDS; i += 1) {
      const reference = directRun(root, change, command);
      const part = await hookRun(hooks, change);
      if (i > 0) {
        direct.push(reference);
        total.push(part.total);
        inHook.push(part.inHook);
      }
    }
    hooks.dispose();
    const ratio = median(total) / median(direct);
    return {
      title,
      columns: ['what', 'median ms', 'p95 ms', 'rounds'],
      rows: [
        [
          'eslint on the project directly (reference)',
          median(direct),
          percentile(direct, 95),
          ROUNDS,
        ],
        [
          'proposal hook: the evidence part, copy included',
          median(total),
          percentile(total, 95),
          ROUNDS,
        ],
        ['  of which the hook in its sandbox', median(inHook), percentile(inHook, 95), ROUNDS],
        ['ratio hook / direct', ratio, '', ''],
      ],
      notes: [
        `${files} TypeScript files; changed ${change.path}; command \`${command}\` (the hook names the file through SLUICE_CHANGED_FILES)`,
        `target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'} (${ratio.toFixed(2)}×)`,
      ],
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}
