// Tokens and estimated cost of the conversation so far.
import type { Usage } from '../../../shared/agent-events';

function compact(value: number): string {
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${(value / 1000).toFixed(value < 10_000 ? 1 : 0)}k`;
  return `${(value / 1_000_000).toFixed(1)}M`;
}

export function UsageMeter({ usage }: { usage: Usage }) {
  const input = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
  const title =
    `Input ${usage.inputTokens}, cache read ${usage.cacheReadTokens}, cache write ${usage.cacheWriteTokens}, ` +
    `output ${usage.outputTokens} tokens; estimated $${usage.costUsd.toFixed(4)}`;
  return (
    <div className="usage-meter" title={title} data-testid="usage-meter" aria-label="Token usage">
      <span>{compact(input)} in</span>
      <span>{compact(usage.outputTokens)} out</span>
      <span className="usage-cost">
        $
        {usage.costUsd < 0.01 && usage.costUsd > 0
          ? usage.costUsd.toFixed(4)
          : usage.costUsd.toFixed(2)}
      </span>
    </div>
  );
}
