// Shown when there is no backend: no preload object and no browser-mode token, or the
// WebSocket closed. Says what happened and what to do.
export function NotConnected({
  reason,
  connecting = false,
}: {
  reason: string;
  connecting?: boolean;
}) {
  return (
    <main className="not-connected" data-testid="not-connected">
      <div className="project-card">
        <h1 className="brand">Sluice</h1>
        <h2 className="section-title">{connecting ? 'Connecting…' : 'Not connected'}</h2>
        <p>{reason}</p>
        {!connecting && (
          <p className="muted small-text">
            Start the desktop app with <code>npm start</code>, or run{' '}
            <code>sluice serve --project DIR</code> and open the URL it prints.
          </p>
        )}
        {!connecting && (
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
        )}
      </div>
    </main>
  );
}
