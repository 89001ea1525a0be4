import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitChanges } from '../../../../src/shared/contract';
import { reply } from '../../../support/fake-anthropic-server';
import {
  startAppServicesHarness,
  waitFor,
  type AppServicesHarness,
} from '../../../support/app-services-harness';
import { git } from '../../../support/git-fixture';

let h: AppServicesHarness;

beforeEach(async () => {
  h = await startAppServicesHarness({
    prefix: 'sluice-git-services-',
    files: { 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n' },
  });
});
afterEach(async () => {
  await h.close();
});

function makeRepository(): void {
  git(h.project, ['init', '-q', '-b', 'main']);
  git(h.project, ['config', 'user.name', 'Ada Person']);
  git(h.project, ['config', 'user.email', 'ada@example.com']);
  git(h.project, ['add', '-A']);
  git(h.project, ['commit', '-qm', 'initial']);
}

describe('git service - the Changes view over the contract', () => {
  it('not a repository - changes says so plainly, commit refuses in words', async () => {
    expect(await h.call<GitChanges>('git.changes', {})).toEqual({
      repository: false,
      message:
        'This project is not a git repository, so there are no changes against HEAD to show.',
    });
    await expect(h.call('git.commit', { message: 'x' })).rejects.toThrow(
      'This project is not a git repository, so there is nothing to commit to.',
    );
  });

  it('changes, revert through the review modal, draft and commit', async () => {
    makeRepository();
    await writeFile(path.join(h.project, 'a.ts'), 'export const a = 2;\n');
    await writeFile(path.join(h.project, 'b.ts'), 'export const b = 2;\n');
    const changes = await h.call<GitChanges>('git.changes', {});
    expect(changes).toMatchObject({
      repository: true,
      branch: 'main',
      files: [
        { path: 'a.ts', by: 'person', state: 'modified' },
        { path: 'b.ts', by: 'person', state: 'modified' },
      ],
    });

    // The revert waits for the person in the review modal (an approval_request event).
    const reverting = h.call<{ outcome: string }>('git.revert', { path: 'b.ts' });
    let request: { approvalId: string; proposalHash: string } | undefined;
    await waitFor(() => {
      const found = h.events.find(
        (e) => (e.payload as { type?: string }).type === 'approval_request',
      );
      request = (found?.payload as { request?: typeof request } | undefined)?.request;
      return request !== undefined;
    }, 'the revert to be asked');
    expect(
      await h.call('approvals.decide', {
        approvalId: request?.approvalId,
        proposalHash: request?.proposalHash,
        decision: { type: 'approve' },
      }),
    ).toEqual({ accepted: true });
    expect(await reverting).toMatchObject({ outcome: 'reverted' });
    expect(await readFile(path.join(h.project, 'b.ts'), 'utf8')).toBe('export const b = 1;\n');
    expect(await h.call<unknown[]>('checkpoints.list', {})).toHaveLength(1);

    h.server.enqueue(reply('Raise a to 2'));
    expect(await h.call('git.draftCommitMessage', {})).toEqual({ message: 'Raise a to 2' });
    const committed = await h.call<{ ok: boolean; commit: string }>('git.commit', {
      message: 'Raise a to 2',
    });
    expect(committed.ok).toBe(true);
    expect(git(h.project, ['log', '-1', '--format=%s %an']).trim()).toBe('Raise a to 2 Ada Person');
    expect(await h.call<GitChanges>('git.changes', {})).toMatchObject({ files: [] });
  });
});
