// The command card's decision buttons. In the review: Run once, Always allow the suggested
// prefixes (when there are any), Edit, Reject…; while editing: Run edited command and Back.
// A run waits while busy or while the network choice is not ready.
import type { ReactNode } from 'react';
import type { CommandDecision } from '../../../shared/command-approvals';
import type { ReviewModes } from './review-dialog';

const alwaysAllowTitle =
  "From now on, in the sandbox, any command starting with these words runs without asking, whatever arguments follow. A script runner (npm test, make) runs whatever the project's files tell it to, and those files can be edited.";

interface Props {
  modes: ReviewModes;
  /** The command typed in the edit form. */
  command: string;
  /** The suggested prefixes, each as words joined by a space. */
  prefixes: string[];
  /** True while a decision is on its way or the network choice is not ready. */
  blocked: boolean;
  send(decision: CommandDecision): void;
  runEdited(): void;
}

/** A button that sends one run decision. */
function RunButton(props: {
  className: string;
  disabled: boolean;
  onClick(): void;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.className}
      disabled={props.disabled}
      onClick={props.onClick}
      title={props.title}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}

function EditButtons({ modes, command, blocked, runEdited }: Props) {
  return (
    <>
      <button
        type="button"
        className="button primary"
        disabled={blocked || !command.trim()}
        onClick={runEdited}
        data-testid="command-run-edited"
      >
        Run edited command
      </button>
      <button type="button" className="button" onClick={() => modes.setMode('review')}>
        Back
      </button>
    </>
  );
}

function ReviewButtons({ modes, prefixes, blocked, send }: Props) {
  return (
    <>
      <RunButton
        className="button primary"
        disabled={blocked}
        onClick={() => send({ type: 'run_once' })}
        title="Ctrl/Cmd+Enter"
        testId="command-run-once"
      >
        Run once
      </RunButton>
      {prefixes.length > 0 && (
        <RunButton
          className="button"
          disabled={blocked}
          onClick={() => send({ type: 'always_allow' })}
          title={alwaysAllowTitle}
          testId="command-always"
        >
          Always allow {prefixes.map((p) => `"${p}"`).join(', ')}
        </RunButton>
      )}
      <button
        type="button"
        className="button"
        onClick={() => modes.setMode('edit')}
        data-testid="command-edit"
      >
        Edit
      </button>
      <button
        type="button"
        className="button danger"
        onClick={() => modes.setMode('reject')}
        title="Esc"
        data-testid="command-reject"
      >
        Reject…
      </button>
    </>
  );
}

export function CommandFooter(props: Props) {
  return (
    <footer className="review-footer">
      <div className="button-row">
        {props.modes.mode === 'edit' ? <EditButtons {...props} /> : <ReviewButtons {...props} />}
      </div>
    </footer>
  );
}
