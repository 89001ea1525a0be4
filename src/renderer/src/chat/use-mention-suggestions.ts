// Completions for an @-mention from the index: symbols (symbols.search) and files
// (symbols.searchFiles). Only the answer to the latest query is shown.
import { useEffect, useRef, useState } from 'react';
import { useClient } from '../app/client-context';
import type { DraftMention } from './draft';

export interface Suggestion extends DraftMention {
  key: string;
  detail: string;
}

export function useMentionSuggestions(query: string | null): Suggestion[] {
  const client = useClient();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    if (query === null || query.length === 0) {
      setSuggestions([]);
      return;
    }
    const symbols = client.symbols.search({ query, limit: 8 }).catch(() => []);
    const files = client.symbols.searchFiles({ query, limit: 8 }).catch(() => []);
    void Promise.all([symbols, files]).then(([symbolHits, fileHits]) => {
      if (ticket !== latest.current) return;
      setSuggestions([
        ...fileHits.map((path) => ({
          key: `file:${path}`,
          label: path,
          detail: 'file',
          mention: { type: 'file' as const, value: path },
        })),
        ...symbolHits.map((symbol) => ({
          key: `symbol:${symbol.path}#${symbol.name}:${symbol.line}`,
          label: symbol.name,
          detail: `${symbol.kind} · ${symbol.path}:${symbol.line}`,
          mention: { type: 'symbol' as const, value: `${symbol.path}#${symbol.name}` },
        })),
      ]);
    });
  }, [client, query]);

  return query ? suggestions : [];
}
