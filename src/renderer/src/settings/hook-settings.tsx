// Settings → Hooks: the person's own commands around Claude's tool calls and turns, in the
// shape of Claude Code's `hooks` settings, and the project's `.sluice/hooks.json`. Lists both
// (the project's with their trust), says what is wrong with the file, adds and removes the
// person's, approves a project hook exactly as shown, tests an event's hooks with a sample, and
// shows the latest runs. Every change is main's: the list shown is the one it answered.
import { useCallback, useEffect, useState } from 'react';
import type { HookChange, HooksList, NewHook } from '../../../shared/contract/hooks-service';
import type { HookDefinition } from '../../../shared/hooks';
import { visibleUntrusted } from '../../../shared/untrusted-text';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { HookAddForm } from './hook-add-form';
import { HookEntry } from './hook-entry';
import { HookRunList, type ShownRun } from './hook-run-list';
import { HookTestForm } from './hook-test-form';

/** How many of the latest runs are shown. */
const RECENT_RUNS = 10;

export function HookSettings() {
  const client = useClient();
  const [list, setList] = useState<HooksList | null>(null);
  const [runs, setRuns] = useState<readonly ShownRun[]>([]);
  const [error, setError] = useState<string | null>(null);

  const loadRuns = useCallback(async () => {
    setRuns((await client.hooks.recentRuns({ limit: RECENT_RUNS })).runs);
  }, [client]);

  useEffect(() => {
    Promise.all([client.hooks.list({}).then(setList), loadRuns()]).then(
      () => setError(null),
      (failure: unknown) => setError(`Could not load the hooks: ${errorMessage(failure)}`),
    );
  }, [client, loadRuns]);

  /** A change by main: the list it answers is shown; a refusal is the section's error line. */
  const change = async (what: string, run: () => Promise<HookChange>): Promise<boolean> => {
    try {
      setList(await run());
      setError(null);
      return true;
    } catch (failure) {
      setError(`Could not ${what}: ${errorMessage(failure)}`);
      return false;
    }
  };

  const add = async (hook: NewHook): Promise<string | null> => {
    try {
      setList(await client.hooks.add(hook));
      return null;
    } catch (failure) {
      return `Could not add the hook: ${errorMessage(failure)}`;
    }
  };

  const person = list?.hooks.filter((h) => h.source === 'person') ?? [];
  const project = list?.hooks.filter((h) => h.source === 'project') ?? [];
  const entry = (hook: HookDefinition) => (
    <HookEntry
      key={hook.id}
      hook={hook}
      onApprove={(h) => change('approve the hook', () => client.hooks.approve({ id: h.id }))}
      onRemove={(h) => void change('remove the hook', () => client.hooks.remove({ id: h.id }))}
    />
  );

  return (
    <fieldset className="settings-group" data-testid="hook-settings">
      <legend>Hooks</legend>
      <p className="muted small-text">
        Commands that run around Claude&apos;s tool calls and turns, in the shape of Claude
        Code&apos;s hooks: each reads the event as JSON on stdin, and exit 2 blocks with what it
        printed on stderr as the reason. Yours run as your commands do; the project&apos;s
        (.sluice/hooks.json) run only once you approve them as they are, always confined.
      </p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {list && list.problems.length > 0 && (
        <div className="warning-text" role="note" aria-label="Problems with .sluice/hooks.json">
          <p>Problems with .sluice/hooks.json (what they name does not run):</p>
          <ul>
            {list.problems.map((problem) => (
              <li key={problem}>{visibleUntrusted(problem)}</li>
            ))}
          </ul>
        </div>
      )}
      {list && (
        <>
          <h3 className="hook-list-title">Yours</h3>
          {person.length ? (
            <ul className="hook-list" aria-label="Your hooks">
              {person.map(entry)}
            </ul>
          ) : (
            <p className="muted small-text">No hooks of yours.</p>
          )}
          <h3 className="hook-list-title">This project&apos;s (.sluice/hooks.json)</h3>
          {project.length ? (
            <ul className="hook-list" aria-label="This project's hooks">
              {project.map(entry)}
            </ul>
          ) : (
            <p className="muted small-text">The project has no hooks.</p>
          )}
        </>
      )}
      <HookAddForm onAdd={add} />
      <HookTestForm
        onTest={async (test) => {
          try {
            const verdict = await client.hooks.test(test);
            await loadRuns();
            return verdict;
          } catch (failure) {
            return `Could not test the hooks: ${errorMessage(failure)}`;
          }
        }}
      />
      <h3 className="hook-list-title">Latest runs</h3>
      {runs.length ? (
        <HookRunList runs={runs} label="Latest hook runs" />
      ) : (
        <p className="muted small-text">No hook has run in this project yet.</p>
      )}
    </fieldset>
  );
}
