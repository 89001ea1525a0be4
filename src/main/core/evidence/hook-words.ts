// What the model reads about the hooks that ran on a proposal: the hold-back of a live edit a
// hook blocked (with the hook's reason, once), the lines after a decision, and the propose-mode
// note; and the step as the person reads it. Each run that has news carries its first lines of
// output so the model can act on them; lists are capped.
import type { HooksEvidence } from '../../../shared/hooks-evidence';
import {
  hookLabel,
  hookOutputLines,
  hookRunsWithNews,
  hooksEvidenceLine,
} from '../../../shared/hooks-evidence-text';
import type { HookRun } from '../../../shared/hooks';
import type { Proposal } from '../edits/proposal';

/** Runs listed with output, and lines of each, in what the model reads. */
export const HOOK_RUNS_LISTED = 5;
const OUTPUT_LINES_FOR_MODEL = 12;

function whose(run: HookRun): string {
  return run.source === 'project' ? "the project's" : "the person's";
}

/** The run's first lines of output, unless they only repeat its reason. */
function outputBlock(run: HookRun): string[] {
  if (run.output.trim() === (run.reason ?? '').trim()) return [];
  return hookOutputLines(run, OUTPUT_LINES_FOR_MODEL).map((l) => `    ${l}`);
}

function newsBlocks(hooks: HooksEvidence): string[] {
  const news = hookRunsWithNews(hooks);
  const blocks = news
    .slice(0, HOOK_RUNS_LISTED)
    .flatMap((run) => [
      `- ${hookLabel(run.command)} (\`${run.command}\`): ${run.outcome.replace('_', ' ')}${
        run.reason ? ` — ${run.reason.split('\n')[0] ?? ''}` : ''
      }`,
      ...outputBlock(run),
    ]);
  const more = news.length - HOOK_RUNS_LISTED;
  return more > 0 ? [...blocks, `- and ${more} more`] : blocks;
}

/** The held-back step as the person reads it: which hook's block went back to Claude. */
export function hookSentBackWords(path: string, hooks: HooksEvidence): string {
  const names = [
    ...new Set(hooks.runs.filter((r) => r.outcome === 'blocked').map((r) => hookLabel(r.command))),
  ];
  const what =
    names.length === 1 ? `${names[0] ?? 'a hook'}'s block` : `${names.length} hooks' blocks`;
  return `Sent ${what} in ${path} back to Claude before showing you the change`;
}

/** The tool's result for a change a hook blocked: the hook's reason, and what to do. */
export function hooksHeldBackMessage(proposal: Proposal, hooks: HooksEvidence): string {
  const blocked = hooks.runs.filter((r) => r.outcome === 'blocked');
  const lines = blocked.flatMap((run) => [
    `- ${whose(run)} hook ${hookLabel(run.command)} (\`${run.command}\`): ${run.reason ?? 'no reason given'}`,
    ...outputBlock(run),
  ]);
  return [
    `Not yet applied, and not shown to the person: a PreToolUse hook ran on this change to ${proposal.path} as proposed and blocked it:`,
    ...lines,
    `Revise the change. If it is intended (a later edit deals with it), call ${proposal.tool} again with the same change and it is shown to the person with this result.`,
  ].join('\n');
}

/** The lines under a decided live edit's result, or under an edit that landed in a run's copy. */
export function hooksResultLine(hooks: HooksEvidence, applied: 'written' | 'overlay'): string {
  const prefix = applied === 'overlay' ? 'Not yet applied. ' : '';
  const where =
    applied === 'overlay' ? 'on your changes so far' : 'on the proposed text before writing';
  const line = `${prefix}${hooksEvidenceLine(hooks).replace(/^Hooks:/u, `Hooks ${where}:`)}.`;
  const news = newsBlocks(hooks);
  return news.length ? [line, ...news].join('\n') : line;
}
