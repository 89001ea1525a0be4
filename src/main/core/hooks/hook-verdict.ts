// What the hooks of one call decided together: any block wins (every blocking reason given),
// else any ask, else any allow, else nothing; the context each added is joined in order, as
// are the messages for the person; the first hook that ends the turn says why.
import type { HookRun } from '../../../shared/hooks';
import type { HookAnswer, HookVerdict } from './hooks-port';

const ORDER = ['block', 'ask', 'allow'] as const;

export function combineAnswers(
  answers: readonly HookAnswer[],
  runs: readonly HookRun[],
): HookVerdict {
  const decision = ORDER.find((d) => answers.some((a) => a.decision === d)) ?? 'none';
  const reasons = answers
    .filter((a) => a.decision === decision && a.reason !== undefined)
    .map((a) => a.reason as string);
  const context = answers.flatMap((a) => (a.additionalContext ? [a.additionalContext] : []));
  const messages = answers.flatMap((a) => (a.systemMessage ? [a.systemMessage] : []));
  const stop = answers.find((a) => a.stop)?.stop;
  return {
    decision,
    ...(decision !== 'none' && reasons.length ? { reason: reasons.join('\n') } : {}),
    ...(context.length ? { additionalContext: context.join('\n\n') } : {}),
    ...(stop ? { stop } : {}),
    ...(messages.length ? { systemMessage: messages.join('\n') } : {}),
    runs: [...runs],
  };
}
