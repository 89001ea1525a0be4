// The files a command writes with a content known before it runs, shown on
// the command approval card with the same hunk view as an edit's review: the write never
// passed the diff review, so the person sees it here.
import type { ProposedCommandWrite } from '../../../shared/command-approvals';
import { useResolvedTheme } from '../app/theme';
import { ReadOnlyHunks } from './read-only-hunks';

function label(write: ProposedCommandWrite): string {
  if (write.isNewFile) return `${write.path} (new file)`;
  return write.append ? `${write.path} (added at the end)` : `${write.path} (replaced)`;
}

export function CommandWrites({ writes }: { writes: readonly ProposedCommandWrite[] }) {
  const dark = useResolvedTheme() === 'dark';
  return (
    <section className="command-writes" data-testid="command-writes" aria-label="Files it writes">
      <h3 className="field-label">Files it writes (not reviewed as an edit)</h3>
      {writes.map((write) => (
        <div key={write.path} data-testid="command-write">
          <p className="muted">
            <code>{label(write)}</code>
          </p>
          <ReadOnlyHunks hunks={write.hunks} path={write.path} splitView={false} dark={dark} />
        </div>
      ))}
    </section>
  );
}
