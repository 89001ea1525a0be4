// The `hooks` service through the app's composition, on the open project's engine: the project's
// `.sluice/hooks.json` (a real script) is listed not approved, a test does not run it, the approval
// by id lets it run confined and block; an edit of the file on disk is seen by the next list; a
// hook of the person's is added, recorded among the latest runs when tested, and removed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  HookChange,
  HooksList,
  HookVerdictView,
  RecordedHookRunView,
} from '../../../../src/shared/contract/hooks-service';
import { confinementUnavailable } from '../../../../src/main/core/confinement/confined-launch';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import {
  startAppServicesHarness,
  type AppServicesHarness,
} from '../../../support/app-services-harness';

const canConfine = confinementUnavailable(detectSandbox()) === null;

const hooksFile = (command: string) =>
  JSON.stringify({
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] },
  });
const GUARD = '#!/bin/bash\ncat >/dev/null\necho "guarded by the project" >&2\nexit 2\n';

let harness: AppServicesHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('hooks service on the engine', () => {
  it.skipIf(!canConfine)(
    "hooks service - the project's hook runs once approved by id; the file as it is on disk is listed",
    async () => {
      harness = await startAppServicesHarness({
        prefix: 'sluice-hooks-service-',
        files: {
          'a.ts': 'export const a = 1;\n',
          '.sluice/hooks.json': hooksFile('bash .sluice/guard.sh'),
          '.sluice/guard.sh': GUARD,
        },
      });
      const { call } = harness;
      const list = await call<HooksList>('hooks.list', {});
      expect(list.problems).toEqual([]);
      const [hook] = list.hooks;
      expect(hook).toMatchObject({ source: 'project', trust: 'not_approved' });
      const sample = { event: 'PreToolUse', toolName: 'run_command', toolInput: { command: 'ls' } };
      const unapproved = await call<HookVerdictView>('hooks.test', sample);
      expect(unapproved.decision).toBe('none');
      expect(unapproved.runs).toMatchObject([{ outcome: 'not_run' }]);

      const approved = await call<HookChange>('hooks.approve', { id: hook!.id });
      expect(approved.hook.trust).toBe('approved');
      expect(approved.hooks[0]?.trust).toBe('approved');
      const blocked = await call<HookVerdictView>('hooks.test', sample);
      expect(blocked).toMatchObject({ decision: 'block', reason: 'guarded by the project' });
      const recent = await call<{ runs: RecordedHookRunView[] }>('hooks.recentRuns', {});
      expect(recent.runs[0]).toMatchObject({ outcome: 'blocked', conversationId: null });

      writeFileSync(path.join(harness.project, '.sluice', 'hooks.json'), '{"hooks": [');
      const broken = await call<HooksList>('hooks.list', {});
      expect(broken.hooks).toEqual([]);
      expect(broken.problems.join('\n')).toMatch(/hooks\.json/u);
    },
  );

  it('hooks service - a hook of yours is added, tested into the latest runs and removed; a bad id says so', async () => {
    harness = await startAppServicesHarness({
      prefix: 'sluice-hooks-service-',
      files: { 'a.ts': 'export const a = 1;\n' },
    });
    const { call } = harness;
    const added = await call<HookChange>('hooks.add', {
      event: 'Stop',
      matcher: null,
      command: 'echo done',
      timeoutSeconds: 5,
      scope: 'everywhere',
    });
    expect(added.hook).toMatchObject({ source: 'person', event: 'Stop', timeoutSeconds: 5 });
    expect(added.hooks).toEqual([added.hook]);
    if (detectSandbox().available) {
      const verdict = await call<HookVerdictView>('hooks.test', { event: 'Stop' });
      expect(verdict.runs).toMatchObject([{ outcome: 'passed', exitCode: 0, output: 'done' }]);
      const recent = await call<{ runs: RecordedHookRunView[] }>('hooks.recentRuns', { limit: 1 });
      expect(recent.runs).toMatchObject([{ hookId: added.hook.id, outcome: 'passed' }]);
    }
    const removed = await call<HookChange>('hooks.remove', { id: added.hook.id.slice(0, 8) });
    expect(removed.hooks).toEqual([]);
    await expect(call('hooks.remove', { id: 'abcdef12' })).rejects.toThrow(
      /No hook has an id starting with "abcdef12"/u,
    );
  });
});
