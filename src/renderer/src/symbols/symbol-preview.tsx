// A definition (or any file location) with highlighted source around it, the symbol's
// importers (each clickable), and "Ask about this".
import { useEffect, useState } from 'react';
import type { Importer, SymbolDefinition } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { HighlightedCode } from './highlighted-code';

export type PreviewTarget =
  { kind: 'symbol'; symbol: SymbolDefinition } | { kind: 'location'; path: string; line: number };

const BEFORE = 10;
const AFTER = 40;

interface Props {
  target: PreviewTarget;
  onOpenLocation(path: string, line: number): void;
  onAsk(symbol: SymbolDefinition): void;
}

export function SymbolPreview({ target, onOpenLocation, onAsk }: Props) {
  const client = useClient();
  const path = target.kind === 'symbol' ? target.symbol.path : target.path;
  const line = target.kind === 'symbol' ? target.symbol.line : target.line;
  const [source, setSource] = useState<{ code: string; first: number } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [importers, setImporters] = useState<Importer[] | null>(null);

  useEffect(() => {
    let live = true;
    setSource(null);
    setNote(null);
    client.project
      .readFile({ path })
      .then((file) => {
        if (!live) return;
        if (file.binary) {
          setNote('Binary file: no preview.');
          return;
        }
        const lines = file.content.split('\n');
        const first = Math.max(1, line - BEFORE);
        setSource({ code: lines.slice(first - 1, line + AFTER).join('\n'), first });
        if (file.truncated) setNote('The file is large; the preview shows only its beginning.');
      })
      .catch(
        (failure: unknown) => live && setNote(`Could not read ${path}: ${errorMessage(failure)}`),
      );
    return () => {
      live = false;
    };
  }, [client, path, line]);

  const symbol = target.kind === 'symbol' ? target.symbol : null;
  useEffect(() => {
    let live = true;
    setImporters(null);
    if (!symbol) return;
    client.symbols
      .importers({ target: `${symbol.path}#${symbol.name}` })
      .then((result) => live && setImporters(result.importers))
      .catch(() => live && setImporters([]));
    return () => {
      live = false;
    };
  }, [client, symbol]);

  return (
    <section className="symbol-preview" aria-label="Definition preview">
      <header className="preview-header">
        <div>
          {symbol && (
            <span className="symbol-heading">
              <span className={`kind-badge kind-${symbol.kind}`}>{symbol.kind}</span>{' '}
              <strong>{symbol.name}</strong>
            </span>
          )}
          <div className="muted small-text">
            {path}:{line}
          </div>
        </div>
        {symbol && (
          <button type="button" className="button primary small" onClick={() => onAsk(symbol)}>
            Ask about this
          </button>
        )}
      </header>
      {symbol?.signature && <pre className="signature">{symbol.signature}</pre>}
      {note && <p className="muted small-text">{note}</p>}
      {source && (
        <HighlightedCode
          path={path}
          code={source.code}
          firstLine={source.first}
          markedLine={line}
        />
      )}
      {symbol && (
        <div className="importers">
          <h2 className="section-title">Importers {importers ? `(${importers.length})` : ''}</h2>
          {importers === null && <p className="muted small-text">Looking…</p>}
          {importers?.length === 0 && <p className="muted small-text">Nothing imports it.</p>}
          <ul>
            {importers?.map((importer) => (
              <li key={`${importer.path}:${importer.line}`}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onOpenLocation(importer.path, importer.line)}
                >
                  {importer.path}:{importer.line}
                </button>
                {importer.typeOnly && <span className="badge">type</span>}
                {importer.via.length > 0 && (
                  <span className="muted small-text"> via {importer.via.join(' → ')}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
