// A link from model output. It has no href, so nothing navigates the window; a click shows
// the full URL and only "Open" sends it to the system browser (settings.openExternal).
import { useState, type ReactNode } from 'react';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';

function isWebUrl(href: string): boolean {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function SafeLink({ href, children }: { href: string; children: ReactNode }) {
  const client = useClient();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!isWebUrl(href)) {
    return (
      <span
        className="safe-link safe-link-blocked"
        title={href ? `Not opened: ${href}` : 'Link removed'}
      >
        {children}
      </span>
    );
  }

  const open = async () => {
    try {
      await client.settings.openExternal({ url: href });
      setConfirming(false);
      setProblem(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <span className="safe-link">
      <button
        type="button"
        className="link-button"
        title={href}
        onClick={() => setConfirming((value) => !value)}
      >
        {children}
      </button>
      {confirming && (
        <span className="link-confirm" role="group" aria-label="Open link">
          <span>Open in your browser?</span>
          <code className="link-confirm-url">{href}</code>
          <button type="button" className="button small primary" onClick={() => void open()}>
            Open
          </button>
          <button type="button" className="button small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          {problem && <span className="error-text">{problem}</span>}
        </span>
      )}
    </span>
  );
}
