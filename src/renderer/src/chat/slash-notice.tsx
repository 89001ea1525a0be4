// What a slash command did, shown above the message box until the next one or Dismiss: a
// sentence (or a few lines) and, for /help, the commands each with its one line.
import type { SlashItem } from '../../../shared/slash-commands';
import { slashUsage } from '../../../shared/slash-commands';

export interface SlashNotice {
  /** The command that answered ("/mode"), shown before the text; null when the text names it. */
  command: string | null;
  tone: 'info' | 'error';
  text: string;
  /** /help's list. */
  commands?: readonly SlashItem[];
}

export function SlashNoticePanel({
  notice,
  onDismiss,
}: {
  notice: SlashNotice;
  onDismiss(): void;
}) {
  return (
    <div
      className={`slash-notice${notice.tone === 'error' ? ' slash-notice-error' : ''}`}
      data-testid="slash-notice"
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      <div className="slash-notice-body">
        <p className="slash-notice-text">
          {notice.command && <code>{notice.command}</code>} {notice.text}
        </p>
        {notice.commands && (
          <dl className="slash-help">
            {notice.commands.map((item) => (
              <div key={`${item.source}:${item.name}`} className="slash-help-row">
                <dt>
                  <code>{slashUsage(item)}</code>
                  {item.source === 'project' && <span className="tag">project</span>}
                </dt>
                <dd>{item.summary}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <button type="button" className="button small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
