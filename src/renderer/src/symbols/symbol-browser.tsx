// Fuzzy search over every symbol in the index, with a kind filter and a preview. While the
// first build runs the search answers from what is indexed so far, says so, and runs again
// when the build ends.
import { useEffect, useState } from 'react';
import { symbolKindSchema, type SymbolDefinition, type SymbolKind } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { SymbolPreview, type PreviewTarget } from './symbol-preview';
import { useIndexStatus } from './use-index-status';

const SEARCH_DELAY_MS = 120;

export function SymbolBrowser({ onAsk }: { onAsk(symbol: SymbolDefinition): void }) {
  const client = useClient();
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<SymbolKind | ''>('');
  const [results, setResults] = useState<SymbolDefinition[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState<PreviewTarget | null>(null);
  const status = useIndexStatus();
  const indexing = status?.indexing ?? false;

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      client.symbols
        .search({ query, limit: 100, ...(kind ? { kind } : {}) })
        .then((found) => {
          if (!live) return;
          setResults(found);
          setError(null);
        })
        .catch((failure: unknown) => live && setError(`Search failed: ${errorMessage(failure)}`));
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `indexing` is a dependency: the search runs again when the build ends.
  }, [client, query, kind, indexing]);

  return (
    <section className="symbol-browser" aria-label="Symbols">
      <div className="symbol-search">
        <input
          className="input"
          type="search"
          aria-label="Search symbols"
          placeholder="Search symbols…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <select
          className="input"
          aria-label="Kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as SymbolKind | '')}
        >
          <option value="">All kinds</option>
          {symbolKindSchema.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      {error && <p className="error-text">{error}</p>}
      {indexing && status && (
        <p className="muted small-text" role="status" aria-label="Symbol search status">
          The index is still being built ({status.done}/{status.total} files): these are the results
          so far.
        </p>
      )}
      <div className="symbol-panes">
        <ul className="symbol-results" aria-label="Symbol results">
          {results.length === 0 && !error && (
            <li className="muted small-text">No symbols found.</li>
          )}
          {results.map((symbol) => (
            <li key={`${symbol.path}:${symbol.line}:${symbol.column}:${symbol.name}`}>
              <button
                type="button"
                className="symbol-row"
                aria-pressed={target?.kind === 'symbol' && target.symbol === symbol}
                onClick={() => setTarget({ kind: 'symbol', symbol })}
              >
                <span className={`kind-badge kind-${symbol.kind}`}>{symbol.kind}</span>
                <span className="symbol-name">{symbol.name}</span>
                <span className="symbol-where">
                  {symbol.path}:{symbol.line}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {target ? (
          <SymbolPreview
            target={target}
            onAsk={onAsk}
            onOpenLocation={(path, line) => setTarget({ kind: 'location', path, line })}
          />
        ) : (
          <p className="muted symbol-placeholder">
            Pick a symbol to see its definition and importers.
          </p>
        )}
      </div>
    </section>
  );
}
