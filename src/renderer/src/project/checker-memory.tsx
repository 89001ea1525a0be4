// Beside the index counts in the top bar: the memory the warm type checkers hold (bounded,
// and reported here), shown only while any runs, as "Type checker: TypeScript, 189 MB memory".
// Checkers start lazily with a review and stop with the project, so the line is asked for again
// at intervals and when the index reports, never pushed.
import { useCallback, useEffect, useState } from 'react';
import type { DiagnosticsMemoryView } from '../../../shared/contract';
import { useClient, useContractEvent } from '../app/client-context';
import { languageName } from '../review/evidence-text';

/** The checker by its language: TypeScript's ("TypeScript/JavaScript") as "TypeScript". */
function checkerName(language: string): string {
  return languageName(language).split('/')[0] ?? language;
}

export const MEMORY_POLL_MS = 15_000;

/** 190_000_000 → "181 MB", 2_400_000_000 → "2.2 GB" (binary units, as process monitors show). */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)} GB`;
  return `${Math.max(0, Math.round(mb))} MB`;
}

export function CheckerMemory() {
  const client = useClient();
  const [memory, setMemory] = useState<DiagnosticsMemoryView | null>(null);

  // An older main without the method, or no project: nothing to say, so nothing is shown.
  const refresh = useCallback(() => {
    client.symbols
      .diagnosticsMemory({})
      .then(setMemory)
      .catch(() => setMemory(null));
  }, [client]);

  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, MEMORY_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  useContractEvent('index.status', refresh);

  const services = memory?.services ?? [];
  if (services.length === 0) return null;
  const parts = services.map(
    (service) => `${checkerName(service.language)}, ${megabytes(service.rssBytes)} memory`,
  );
  return (
    <div
      className="index-progress muted checker-memory"
      data-testid="checker-memory"
      title="The memory of the type checkers kept running to check proposed changes; they stop when the project closes."
    >
      {parts.length === 1 ? 'Type checker' : 'Type checkers'}: {parts.join(' · ')}
    </div>
  );
}
