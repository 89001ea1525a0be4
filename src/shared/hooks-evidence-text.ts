// The words of the hooks' evidence, shared by the review modal, the inbox, the terminal and the
// model's tool result so every screen says the same sentence: "Hooks: eslint — 2 problems".
// Plain text, the hooks' own output unescaped: each screen escapes it for its medium.
import { durationText } from './evidence-summary';
import type { HooksEvidence } from './hooks-evidence';
import type { HookRun } from './hooks';
import { missingCase } from './missing-case';

/** Programs that only start another: the hook is named after what they start. */
const LAUNCHERS = new Set(['npx', 'bunx', 'pnpx', 'exec', 'env', 'nice', 'command', 'time']);
/** Programs whose next word says what runs: `npm run lint`, `cargo clippy`, `go vet`. */
const WITH_SUBCOMMAND = new Set(['npm', 'pnpm', 'yarn', 'bun', 'cargo', 'go', 'uv', 'poetry']);
const RUNNERS = new Set(['run', 'exec', 'x']);
const MAX_LABEL = 40;

function bare(word: string): string {
  const unquoted = word.replace(/^['"]|['"]$/gu, '');
  const base = unquoted.split('/').pop() ?? unquoted;
  return base.replace(/\.(?:sh|bash|js|mjs|cjs|ts|py|rb|pl)$/u, '');
}

/** A short name for a hook, from its command: `npx eslint --max-warnings 0 src` → "eslint". */
export function hookLabel(command: string): string {
  const words = command.trim().split(/\s+/u).filter(Boolean);
  let i = 0;
  while (i < words.length) {
    const word = words[i] ?? '';
    if (/^[A-Za-z_][A-Za-z0-9_]*=/u.test(word) || word.startsWith('-')) i += 1;
    else if (LAUNCHERS.has(bare(word))) i += 1;
    else break;
  }
  const program = words[i];
  if (program === undefined) return command.trim().slice(0, MAX_LABEL) || 'hook';
  let label = bare(program);
  const next = words[i + 1];
  if (WITH_SUBCOMMAND.has(label) && next && !next.startsWith('-')) {
    label = `${label} ${next}`;
    const after = words[i + 2];
    if (RUNNERS.has(next) && after && !after.startsWith('-')) label = `${label} ${after}`;
  }
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

/** A checker's own summary line, most specific first: eslint, prettier, ruff/tsc/mypy, clippy. */
const COUNT_PATTERNS: readonly RegExp[] = [
  /\b(\d+) (problems?)\b/u,
  /\bissues? found in (\d+) (files?)\b/iu,
  /\bfound (\d+) (errors?|issues?|problems?|warnings?|violations?)\b/iu,
  /\bdue to (\d+) previous (errors?)\b/u,
];

/**
 * How many problems a checker's output counts, from its own summary line: eslint's "✖ 2
 * problems", prettier's "issues found in 2 files", ruff's "Found 3 errors", tsc's "Found 1
 * error", clippy's "due to 2 previous errors". Null when it says no count.
 */
export function problemCount(output: string): string | null {
  for (const pattern of COUNT_PATTERNS) {
    const found = pattern.exec(output);
    if (!found) continue;
    const n = Number(found[1]);
    if (n === 0) return null;
    const noun = (found[2] ?? 'problem').toLowerCase().replace(/s$/u, '');
    const counted = `${n} ${noun}${n === 1 ? '' : 's'}`;
    return noun === 'file' ? `style issues in ${counted}` : counted;
  }
  return null;
}

function firstLine(text: string | undefined, max = 160): string {
  const line =
    (text ?? '')
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** What one run came to, after its name: "2 problems, which blocks the change", "passed". */
export function hookRunWords(run: HookRun): string {
  const count = problemCount(run.output);
  switch (run.outcome) {
    case 'passed':
      return count ? `passed (it reports ${count})` : 'passed';
    case 'asked':
      return 'asks you to look at the change';
    case 'blocked':
      return count
        ? `${count}, and it blocks the change`
        : `blocks the change: ${firstLine(run.reason) || 'no reason given'}`;
    case 'failed':
      return count
        ? `${count} (exit ${run.exitCode ?? '?'}: an error, not a block)`
        : `failed: ${firstLine(run.reason) || `exit ${run.exitCode ?? '?'}`}`;
    case 'timed_out':
      return `stopped: ${firstLine(run.reason) || 'killed at its timeout'}`;
    case 'not_run':
      return `not run: ${firstLine(run.reason) || 'no reason given'}`;
    default:
      return missingCase(run.outcome);
  }
}

/** "eslint — 2 problems". */
export function hookRunLine(run: HookRun): string {
  return `${hookLabel(run.command)} — ${hookRunWords(run)}`;
}

/** The one line every screen shows: "Hooks: eslint — 2 problems · prettier — passed (1.2 s)". */
export function hooksEvidenceLine(hooks: HooksEvidence): string {
  const runs = hooks.runs.map(hookRunLine).join(' · ');
  switch (hooks.state) {
    case 'running': {
      const pending = (hooks.pending ?? []).map(hookLabel).join(', ');
      return `Hooks: ${runs ? `${runs} · ` : ''}running${pending ? ` ${pending}` : ''}… — approve or reject without them`;
    }
    case 'not_run':
      return runs && hooks.runs.length > 1
        ? `Hooks: ${runs}`
        : `Hooks: not run — ${hooks.reason ?? (firstLine(hooks.runs[0]?.reason) || 'no reason given')}`;
    case 'passed':
    case 'blocked':
    case 'failed':
    case 'timed_out':
      return `Hooks: ${runs || 'none ran'} (${durationText(hooks.ms)})`;
    default:
      return missingCase(hooks.state);
  }
}

/** The runs worth reading output of: all but those that passed or did not run. */
export function hookRunsWithNews(hooks: HooksEvidence): HookRun[] {
  return hooks.runs.filter((r) => r.outcome !== 'passed' && r.outcome !== 'not_run');
}

/** The first `max` non-empty lines of a run's output. */
export function hookOutputLines(run: HookRun, max: number): string[] {
  return run.output
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim())
    .slice(0, max);
}
