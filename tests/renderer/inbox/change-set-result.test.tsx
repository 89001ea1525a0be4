import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeSetResult } from '../../../src/renderer/src/inbox/change-set-result';
import type { ApplyResult } from '../../../src/shared/contract';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

function show(recheck: string[]) {
  const result: ApplyResult = { changeSetId: 's1', status: 'accepted', files: [], recheck };
  renderWithClient(
    <ChangeSetResult
      result={result}
      undone={[]}
      busy={false}
      act={async (what) => what()}
      onUndone={() => undefined}
    />,
    createFakeSluice(),
  );
}

describe('ChangeSetResult', () => {
  it('sets to re-check - one set reads in the singular', () => {
    show(['s2']);
    expect(screen.getByTestId('apply-result')).toHaveTextContent(
      '1 other change set touches the same files and needs a re-check.',
    );
  });

  it('sets to re-check - several read in the plural', () => {
    show(['s2', 's3']);
    expect(screen.getByTestId('apply-result')).toHaveTextContent(
      '2 other change sets touch the same files and need a re-check.',
    );
  });
});
