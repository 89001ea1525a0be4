import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepLine } from '../../../src/renderer/src/chat/step-line';
import type { ChatItem } from '../../../src/renderer/src/chat/conversation-state';

type ToolItem = Extract<ChatItem, { type: 'tool' }>;

const step: ToolItem = {
  type: 'tool',
  id: 'u1',
  turnId: 't1',
  name: 'run_command',
  label: 'Running npm test',
  input: { command: 'npm test' },
  status: 'running',
  result: '',
};

describe('StepLine', () => {
  it('step line - a running step says running', () => {
    render(<StepLine step={step} />);
    expect(screen.getByTestId('step')).toHaveAttribute('data-status', 'running');
    expect(screen.getByRole('button')).toHaveTextContent('Running npm testrunning');
  });

  it('step line - a step waiting for an approval says so instead of running', () => {
    render(<StepLine step={{ ...step, waitingFor: 'a1' }} />);
    expect(screen.getByTestId('step')).toHaveAttribute('data-status', 'waiting');
    expect(screen.getByRole('button')).toHaveTextContent('waiting for your approval');
    expect(screen.getByRole('button')).not.toHaveTextContent(/running$/u);
  });

  it('step line - a change sent back to Claude reads as a step, with the model words only inside', async () => {
    const sent = {
      ...step,
      name: 'edit_file',
      status: 'error' as const,
      result:
        'Not yet applied, and not shown to the person: this change to a.ts would introduce 2 errors:',
      shownAs: 'Sent 2 errors in a.ts back to Claude before showing you the change',
    };
    render(<StepLine step={sent} />);
    const line = screen.getByRole('button');
    expect(screen.getByTestId('step')).toHaveAttribute('data-status', 'sent-back');
    expect(line).toHaveTextContent(
      'Sent 2 errors in a.ts back to Claude before showing you the change',
    );
    expect(line).not.toHaveTextContent(/error$|not shown to the person/u);
    line.click();
    expect(await screen.findByText('What Claude was told')).toBeInTheDocument();
  });

  it('step line - a write the person kept in part says what was written, not a plain ok', () => {
    const kept = {
      ...step,
      name: 'edit_file',
      label: 'Editing src/a.ts',
      input: { path: 'src/a.ts' },
      status: 'ok' as const,
      result:
        'Partly applied to src/a.ts: the person approved hunks h1, h3 and rejected hunk h2 (no reason given).',
    };
    render(<StepLine step={kept} />);
    const line = screen.getByRole('button');
    expect(line).toHaveTextContent(/^✓Editing src\/a\.tsapplied 2 of 3 hunks$/u);
    expect(screen.getByTestId('step')).toHaveAttribute('data-status', 'ok');
  });

  it('step line - a write of the person own edited text says so', () => {
    const edited = {
      ...step,
      name: 'edit_file',
      label: 'Editing src/a.ts',
      status: 'ok' as const,
      result:
        'The person edited your proposal for src/a.ts before it was written. What was written differs from your proposal by:\n',
    };
    render(<StepLine step={edited} />);
    expect(screen.getByRole('button')).toHaveTextContent(/applied your edited version$/u);
  });

  it('step line - the person own reject reads as theirs, not as a failure', () => {
    const rejected = {
      ...step,
      status: 'rejected' as const,
      result: 'The person rejected the command; it was not run.',
    };
    render(<StepLine step={rejected} />);
    expect(screen.getByRole('button')).toHaveTextContent(/you rejected it$/u);
    expect(screen.getByTestId('step')).toHaveAttribute('data-status', 'you-rejected');
  });

  it('step line - a reject nobody chose keeps its rejected status', () => {
    const refused = {
      ...step,
      status: 'rejected' as const,
      result: 'The command was not run, and no person decided: no person could be asked.',
    };
    render(<StepLine step={refused} />);
    expect(screen.getByRole('button')).toHaveTextContent(/rejected$/u);
    expect(screen.getByRole('button')).not.toHaveTextContent(/you rejected/u);
    expect(screen.getByTestId('step')).toHaveAttribute('data-status', 'rejected');
  });
});
