// Symbol index state: a progress bar while indexing, counts afterwards.
import { useEffect, useState } from 'react';
import type { IndexStatus } from '../../../shared/contract';
import { useClient, useContractEvent } from '../app/client-context';

export function IndexProgress() {
  const client = useClient();
  const [status, setStatus] = useState<IndexStatus | null>(null);

  useEffect(() => {
    client.symbols
      .status({})
      .then(setStatus)
      .catch(() => undefined);
  }, [client]);
  useContractEvent('index.status', setStatus);

  if (!status) return null;
  if (status.indexing) {
    const percent = status.total > 0 ? Math.round((status.done / status.total) * 100) : 0;
    return (
      <div className="index-progress" data-testid="index-progress">
        <span>
          Indexing {status.done}/{status.total}
        </span>
        <progress
          max={Math.max(status.total, 1)}
          value={status.done}
          aria-label={`Indexing ${percent}%`}
        />
      </div>
    );
  }
  return (
    <div
      className="index-progress muted"
      data-testid="index-progress"
      title={`${status.imports} imports`}
    >
      {plural(status.files, 'file')} · {plural(status.symbols, 'symbol')}
    </div>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
