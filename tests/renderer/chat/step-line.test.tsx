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
});
