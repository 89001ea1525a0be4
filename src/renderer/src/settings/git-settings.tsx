// Settings: "Commit each approved turn", for the open project: the same setting as
// `sluice commit --each-turn on|off`. With it on, a turn that wrote files ends as one commit
// (your identity, your hooks); the chat shows the commit, or the hook's refusal, as a step.
import { useEffect, useState } from 'react';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { CheckField } from './check-field';

export function GitSettings() {
  const client = useClient();
  const [on, setOn] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    client.git
      .commitEachTurn({})
      .then((answer) => setOn(answer.on))
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [client]);

  const change = async (next: boolean) => {
    try {
      setOn((await client.git.commitEachTurn({ on: next })).on);
      setError(null);
    } catch (failure) {
      setError(`Not saved: ${errorMessage(failure)}`);
    }
  };

  return (
    <fieldset className="settings-group" data-testid="git-settings">
      <legend>Git</legend>
      <CheckField
        checked={on ?? false}
        disabled={on === null}
        onChange={(next) => void change(next)}
      >
        Commit each approved turn in this project
      </CheckField>
      <p className="muted small-text">
        A turn that wrote files ends as one commit with your identity; your hooks run and their
        output shows in the chat. Undoing the turn offers the matching revert.
      </p>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
