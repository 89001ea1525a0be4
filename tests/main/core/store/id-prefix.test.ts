import { describe, expect, it } from 'vitest';
import { createCheckpointRepository } from '../../../../src/main/core/store/checkpoint-repository';
import { idsStartingWith } from '../../../../src/main/core/store/id-prefix';
import { typedId } from '../../../../src/cli/typed-id';
import { useTempAppDatabase } from './temp-home';

const database = useTempAppDatabase();

function checkpoint(projectId: string, id: string): void {
  const bytes = new TextEncoder().encode('x\n');
  createCheckpointRepository(database(), projectId, { newId: () => id }).record({
    approvalId: `a-${id}`,
    conversationId: null,
    turnId: null,
    path: 'a.ts',
    beforeBytes: bytes,
    afterBytes: bytes,
    mode: 0o644,
  });
}

describe('idsStartingWith - an id as a person types it', () => {
  it('finds the ids a prefix starts, in this project only, and nothing for wildcard text', () => {
    checkpoint('p1', 'cp-aa11');
    checkpoint('p1', 'cp-aa22');
    checkpoint('p1', 'cp-bb33');
    checkpoint('p2', 'cp-bb44');
    const on = { table: 'checkpoints', projectId: 'p1' } as const;
    expect(idsStartingWith(database(), on, 'cp-b')).toEqual(['cp-bb33']);
    expect(idsStartingWith(database(), on, 'cp-a')).toEqual(['cp-aa11', 'cp-aa22']);
    expect(idsStartingWith(database(), on, '%')).toEqual([]);
    expect(idsStartingWith(database(), on, "cp-' OR 1=1 --")).toEqual([]);
  });

  it('typedId - one match is the id, several are a usage error listing them, none stays as typed', () => {
    expect(typedId('cp-b', ['cp-bb33'], 'checkpoint')).toBe('cp-bb33');
    expect(() => typedId('cp-a', ['cp-aa11', 'cp-aa22'], 'checkpoint')).toThrow(
      '"cp-a" names more than one checkpoint (cp-aa11, cp-aa22); type more of its id.',
    );
    expect(typedId('cp-zz', [], 'checkpoint')).toBe('cp-zz');
  });
});
