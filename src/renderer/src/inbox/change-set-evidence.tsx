// What a background run checked: the one-line account of its last checks, every
// command it ran or was refused with the result and the start and end of its output, and the
// changes a set cannot carry. Command output is program output: shown as text, never markup.
import type { ChangeSetView } from '../../../shared/contract';

type Command = ChangeSetView['commands'][number];

function seconds(ms: number | null): string {
  return ms === null ? '' : `${(ms / 1000).toFixed(1)} s`;
}

function CommandItem({ command }: { command: Command }) {
  const refused = command.outcome === 'refused';
  const mark = refused ? 'refused' : command.passed ? 'passed' : 'failed';
  const output = [command.head, command.tail].filter(Boolean).join('\n…\n');
  return (
    <li className={`inbox-command ${mark}`} data-testid="change-set-command">
      <p>
        <span className="tag">{mark}</span> <code>{command.command}</code>
        {command.cwd && <span className="muted"> in {command.cwd}</span>}
      </p>
      <p className="muted">
        {refused
          ? `Refused by ${command.decidedBy}: ${command.reason ?? ''}`
          : `${command.end ?? ''} · ${seconds(command.durationMs)} · ${command.decidedBy}`}
      </p>
      {output && (
        <details>
          <summary>
            Output ({command.totalLines} lines
            {command.linesCut ? `, ${command.linesCut} cut from the middle` : ''})
          </summary>
          <pre className="inbox-command-output">{output}</pre>
          {command.linesCut > 0 && command.logId && (
            <p className="muted">
              The whole output is kept in Sluice&apos;s data folder (command-output);{' '}
              <code>sluice proposal show</code> prints where.
            </p>
          )}
        </details>
      )}
    </li>
  );
}

export function ChangeSetEvidence({ view }: { view: ChangeSetView }) {
  if (!view.run && view.commands.length === 0) return null;
  return (
    <section className="inbox-evidence" aria-label="Checks" data-testid="change-set-evidence">
      <h3>Checks</h3>
      {view.checks && <p data-testid="change-set-checks">{view.checks}</p>}
      {view.run && (
        <p className="muted">
          Allowed for this run:{' '}
          {view.run.allowedCommands.length ? view.run.allowedCommands.join(', ') : 'no command'}
          {view.run.allowNetwork ? ' · network allowed' : ' · no network'}
        </p>
      )}
      {view.commands.length > 0 && (
        <ol className="inbox-commands">
          {view.commands.map((command) => (
            <CommandItem key={command.seq} command={command} />
          ))}
        </ol>
      )}
      {view.unapplied.length > 0 && (
        <>
          <h4>Not in this set</h4>
          <ul>
            {view.unapplied.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
