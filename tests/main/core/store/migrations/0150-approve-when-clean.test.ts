import { describe, expect, it } from 'vitest';
import { createPolicyRepository } from '../../../../../src/main/core/store/policy-repository';
import { useTempAppDatabase } from '../temp-home';

const database = useTempAppDatabase();

describe('0150-approve-when-clean', () => {
  it('is off by default, kept per project, and leaves the mode as it was', () => {
    const policies = createPolicyRepository(database());
    expect(policies.get('p1').approveWhenClean).toBe(false);
    policies.setMode('p1', 'auto-edit');
    policies.setApproveWhenClean('p1', true);
    expect(policies.get('p1')).toMatchObject({ mode: 'auto-edit', approveWhenClean: true });
    policies.setApproveWhenClean('p2', true);
    expect(policies.get('p2')).toMatchObject({ mode: 'ask', approveWhenClean: true });
    expect(policies.get('p3').approveWhenClean).toBe(false);
  });
});
