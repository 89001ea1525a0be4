// Below a finished turn: what its requests cost (small, muted), and where a compaction made
// the turns up to here be sent as a summary.
import type { CompactionMark } from '../../../shared/compaction';
import { compactionWords } from '../../../shared/compaction';
import { usageLine } from '../../../shared/conversation-figures';
import type { Usage } from '../../../shared/usage';

export function TurnCost({ usage }: { usage: Usage }) {
  return (
    <p className="turn-cost" data-testid="turn-cost">
      This turn: {usageLine(usage)}
    </p>
  );
}

export function CompactionLine({ mark }: { mark: CompactionMark }) {
  const by = mark.draftedBy === 'model' ? 'Claude' : 'Sluice';
  return (
    <p
      className="compaction-mark"
      data-testid="compaction-mark"
      title={`The stored conversation is whole; the summary ${by} wrote is sent in place of the turns above.`}
    >
      {compactionWords(mark)}
    </p>
  );
}
