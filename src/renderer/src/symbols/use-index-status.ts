// The symbol index's state (building, counts, notices): asked once, then kept current by the
// `index.status` event. Null until the first answer; a failed ask waits for the event.
import { useEffect, useState } from 'react';
import type { IndexStatus } from '../../../shared/contract';
import { useClient, useContractEvent } from '../app/client-context';

export function useIndexStatus(): IndexStatus | null {
  const client = useClient();
  const [status, setStatus] = useState<IndexStatus | null>(null);

  useEffect(() => {
    client.symbols
      .status({})
      .then(setStatus)
      .catch(() => undefined);
  }, [client]);
  useContractEvent('index.status', setStatus);

  return status;
}
