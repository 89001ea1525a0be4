import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeSetList } from '../../../src/renderer/src/inbox/change-set-list';
import type { ChangeSetSummary } from '../../../src/shared/contract';

function summary(id: string, paths: string[]): ChangeSetSummary {
  return {
    id,
    projectId: 'p1',
    projectRoot: '/home/me/demo',
    conversationId: 'c1',
    turnId: 't1',
    prompt: `set ${id}`,
    status: 'proposed',
    statusReason: null,
    summary: 'Did it.',
    model: 'm',
    paths,
    needsRecheck: null,
    evidence: null,
    refines: null,
    createdAt: 1,
    finishedAt: 2,
    usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 },
    run: null,
  };
}

describe('ChangeSetList', () => {
  it('file count - singular for one file, plural otherwise, never "file(s)"', () => {
    render(
      <ChangeSetList
        sets={[summary('s1', ['a.ts']), summary('s2', ['a.ts', 'b.ts']), summary('s3', [])]}
        openId={null}
        onOpen={() => undefined}
        onStop={() => undefined}
      />,
    );
    const items = screen.getAllByTestId('inbox-item');
    expect(items[0]).toHaveTextContent(/1 file$/u);
    expect(items[1]).toHaveTextContent(/2 files$/u);
    expect(items[2]).toHaveTextContent(/0 files$/u);
    expect(screen.queryByText(/\(s\)/u)).toBeNull();
  });
});
