// The terminal prompt for a plan (plan mode, `sluice ask --mode plan`): the model's summary,
// numbered steps and the files it expects to touch, then one line: a approves and goes on in
// ask mode (each write reviewed), A approves and goes on in auto-edit, e opens the plan in the
// person's editor and approves their text (then asks the mode), n rejects it with optional
// feedback for the model. The answer is a line, so `a` and `A` stay apart. The plan is the
// model's text: shown with control characters made visible.
import {
  PLAN_LIMITS,
  planText,
  type PlanDecision,
  type PlanGoOnMode,
  type PlanRequest,
} from '../shared/plans';
import { outsideLine, outsideText } from './terminal-safe-text';
import { CLOSED_REASON, MAX_TRIES } from './terminal-prompt';

export const NO_TERMINAL_PLAN_REASON =
  'there is no terminal to ask the person, so nobody could approve the plan; run on a terminal, or ask again with --mode ask';

export interface TerminalPlanAnswer {
  readonly decision: PlanDecision;
  readonly decidedBy?: 'person' | 'mode';
}

export interface PlanPromptIo {
  /** Writes a question and reads one trimmed line; null once the input has ended. */
  prompt(question: string): Promise<string | null>;
  out(text: string): void;
  /** The person's editor on `initial`; returns the saved text. */
  editText(initial: string, fileName: string): Promise<string>;
  readonly color: boolean;
}

const QUESTION =
  'Go on with this plan? [a]pprove, ask each write / [A]uto-edit / [e]dit the plan / [n]o > ';
const MODE_QUESTION = 'Go on in [a]sk mode (each write reviewed) or [A]uto-edit? > ';

/** The plan as the terminal shows it (the model's text, controls made visible). */
export function renderPlan(request: PlanRequest, color: boolean): string {
  const bold = (s: string) => (color ? `\u001b[1m${s}\u001b[22m` : s);
  const { plan } = request;
  const steps = plan.steps.map((step, i) => `  ${i + 1}. ${outsideText(step)}`).join('\n');
  const files = plan.files.length
    ? plan.files.map((file) => `  - ${outsideLine(file)}`).join('\n')
    : '  (none named)';
  return `\n${bold('Plan')}\n${outsideText(plan.summary)}\n\n${bold('Steps')}\n${steps}\n\n${bold('Files it expects to touch')}\n${files}\n`;
}

/** `a` → ask, `A` → auto-edit, their words too; null for anything else. */
function goOnMode(answer: string): PlanGoOnMode | null {
  if (answer === 'a' || /^(approve|ask)$/iu.test(answer)) return 'ask';
  if (answer === 'A' || /^auto(-?edit)?$/iu.test(answer)) return 'auto-edit';
  return null;
}

async function editedPlan(
  request: PlanRequest,
  io: PlanPromptIo,
): Promise<TerminalPlanAnswer | null> {
  let text: string;
  try {
    text = (await io.editText(planText(request.plan), 'plan.md')).trim();
  } catch (error) {
    io.out(
      `The editor failed: ${outsideLine(error instanceof Error ? error.message : String(error))}\n`,
    );
    return null;
  }
  if (!text) {
    io.out('The edited plan is empty: nothing was approved.\n');
    return null;
  }
  if (text.length > PLAN_LIMITS.textChars) {
    io.out(`The edited plan is longer than ${PLAN_LIMITS.textChars} characters: shorten it.\n`);
    return null;
  }
  io.out(`Your plan:\n${outsideText(text)}\n`);
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    const answer = await io.prompt(MODE_QUESTION);
    if (answer === null) return rejected(CLOSED_REASON);
    const mode = goOnMode(answer);
    if (mode) return { decision: { type: 'edit', text, mode } };
    io.out('Please answer a (ask) or A (auto-edit).\n');
  }
  return rejected('no valid answer was given');
}

/** Nobody answered (the input closed, no valid answer): no person decided. */
function rejected(feedback: string): TerminalPlanAnswer {
  return { decision: { type: 'reject', feedback }, decidedBy: 'mode' };
}

export async function askPlanOnTerminal(
  request: PlanRequest,
  io: PlanPromptIo,
): Promise<TerminalPlanAnswer> {
  io.out(renderPlan(request, io.color));
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    const answer = await io.prompt(QUESTION);
    if (answer === null) return rejected(CLOSED_REASON);
    const mode = goOnMode(answer);
    if (mode) return { decision: { type: 'approve', mode } };
    if (answer === 'e' || /^edit$/iu.test(answer)) {
      const edited = await editedPlan(request, io);
      if (edited) return edited;
      continue;
    }
    if (answer === 'n' || answer === 'N' || /^no$/iu.test(answer)) {
      const feedback = await io.prompt('What should change? (optional, tell Claude) > ');
      return { decision: { type: 'reject', ...(feedback ? { feedback } : {}) } };
    }
    io.out('Please answer a, A, e or n.\n');
  }
  return rejected('no valid answer was given');
}
