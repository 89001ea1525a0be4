// How the project's approvals went, counted from its audit trail: the file changes asked,
// applied clean, held back (sent back to Claude before anyone saw them) and rejected, and the
// same for commands; the lines `sluice audit --summary` prints. Counted when Settings opens.
import { useEffect, useState } from 'react';
import { auditSummaryLines, type AuditSummary } from '../../../shared/audit-summary';
import { useClient } from '../app/client-context';
import { useSettingsCall } from './use-settings-call';

export function ApprovalCounts() {
  const client = useClient();
  const { error, call } = useSettingsCall();
  const [summary, setSummary] = useState<AuditSummary | null>(null);

  useEffect(() => {
    void call('count the approvals', async () =>
      setSummary(await client.approvals.auditSummary({})),
    );
  }, [client, call]);

  if (error) return <p className="error-text">{error}</p>;
  if (!summary) return null;
  const [files, commands] = auditSummaryLines(summary);
  return (
    <div className="muted small-text" data-testid="approval-counts">
      <p>{files}</p>
      <p>{commands}</p>
    </div>
  );
}
