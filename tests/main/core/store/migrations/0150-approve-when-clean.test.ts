import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../../src/main/core/store/policy-repository';
import { makeTempHome } from '../temp-home';

let temp: ReturnType<typeof makeTempHome>;
let db: WritableDb;
beforeEach(() => {
  temp = makeTempHome();
  db = openAppDatabase({ home: temp.home });
});
afterEach(() => {
  db.close();
  temp.cleanup();
});

describe('0150-approve-when-clean', () => {
  it('is off by default, kept per project, and leaves the mode as it was', () => {
    const policies = createPolicyRepository(db);
    expect(policies.get('p1').approveWhenClean).toBe(false);
    policies.setMode('p1', 'auto-edit');
    policies.setApproveWhenClean('p1', true);
    expect(policies.get('p1')).toMatchObject({ mode: 'auto-edit', approveWhenClean: true });
    policies.setApproveWhenClean('p2', true);
    expect(policies.get('p2')).toMatchObject({ mode: 'ask', approveWhenClean: true });
    expect(policies.get('p3').approveWhenClean).toBe(false);
  });
});
