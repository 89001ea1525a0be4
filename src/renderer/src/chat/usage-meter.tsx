// The conversation's tokens and estimated cost so far, and the share of the model's context
// window the next request fills, in the shared words (shared/usage-words.ts).
import type { Usage } from '../../../shared/agent-events';
import { contextShare, usageLine } from '../../../shared/conversation-figures';
import { contextWords, dollars, type ContextUse } from '../../../shared/usage-words';

export function UsageMeter({ usage, context }: { usage: Usage; context: ContextUse | null }) {
  const title =
    `This conversation: input ${usage.inputTokens}, cache read ${usage.cacheReadTokens}, ` +
    `cache write ${usage.cacheWriteTokens}, output ${usage.outputTokens} tokens; ` +
    `estimated ${dollars(usage.costUsd)} at the model's published prices`;
  return (
    <div className="usage-meter" data-testid="usage-meter" aria-label="Usage of this conversation">
      <span title={title}>{usageLine(usage)}</span>
      {context && (
        <span className="usage-context" title={contextWords(context)} data-testid="usage-context">
          {contextShare(context)}
        </span>
      )}
    </div>
  );
}
