// The project's `.sluice/hooks.json` is code from the repository: none of its hooks runs until
// the person approves it, pinned by content (the hook and the script it names); a change to
// either asks again. It always runs confined (project read-only), and not at all without a
// sandbox. A file that cannot be read says why in words.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { confinementUnavailable } from '../../../../src/main/core/confinement/confined-launch';
import { context, hooksFile, openHooksProject, type HooksProject } from './hooks-project';

const canConfine = confinementUnavailable(detectSandbox()) === null;

const GUARDED = hooksFile({
  PreToolUse: [{ matcher: 'Bash', hooks: [{ command: 'bash .sluice/hooks/guard.sh' }] }],
});
const GUARD = '#!/bin/bash\ncat >/dev/null\necho "guarded: $(basename "$PWD")" >&2\nexit 2\n';

const call = { toolName: 'run_command', toolInput: { command: 'ls' }, toolUseId: 't1' };

let open: HooksProject | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('project hooks - trust', () => {
  it.skipIf(!canConfine)(
    'a project hook is not run until approved, then runs confined; a changed script or hook is asked again',
    async () => {
      open = await openHooksProject({
        files: { '.sluice/hooks.json': GUARDED, '.sluice/hooks/guard.sh': GUARD },
      });
      const [hook] = open.hooks.list();
      expect(hook).toMatchObject({ source: 'project', trust: 'not_approved', matcher: 'Bash' });
      const first = await open.hooks.preToolUse(call, context());
      expect(first.decision).toBe('none');
      expect(first.runs).toEqual([expect.objectContaining({ outcome: 'not_run', exitCode: null })]);
      expect(first.runs[0]?.reason).toContain('not approved');
      expect(first.runs[0]?.reason).toContain(`sluice hooks approve ${hook!.id.slice(0, 12)}`);
      // Said once per open project, not at every call.
      expect((await open.hooks.preToolUse(call, context())).runs).toEqual([]);
      expect(open.hooks.proposalHooks('run_command')).toEqual([]);

      expect(open.hooks.approve(hook!.id.slice(0, 10))).toMatchObject({ trust: 'approved' });
      expect(open.hooks.list()[0]?.trust).toBe('approved');
      const guarded = await open.hooks.preToolUse(call, context());
      expect(guarded).toMatchObject({ decision: 'block', reason: 'guarded: project' });
      expect(open.hooks.proposalHooks('run_command')).toHaveLength(1);

      // The script it names changes: the pin no longer matches, so it does not run.
      open.write('.sluice/hooks/guard.sh', '#!/bin/bash\ntouch pwned\nexit 0\n');
      const swapped = await open.hooks.preToolUse(call, context());
      expect(swapped.decision).toBe('none');
      expect(swapped.runs[0]).toMatchObject({ outcome: 'not_run' });
      expect(swapped.runs[0]?.reason).toContain('changed since you approved it');
      await open.hooks.ready();
      expect(open.hooks.list()[0]?.trust).toBe('changed');

      // The hook itself changes in the file: asked again too.
      open.write('.sluice/hooks/guard.sh', GUARD);
      open.write(
        '.sluice/hooks.json',
        hooksFile({
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ command: 'bash .sluice/hooks/guard.sh; true' }] },
          ],
        }),
      );
      const edited = await open.hooks.preToolUse(call, context());
      expect(edited.runs[0]).toMatchObject({ outcome: 'not_run' });
      expect(edited.runs[0]?.reason).toContain('changed since you approved it');
      expect(open.hooks.list()[0]?.trust).toBe('changed');
      open.hooks.approve(open.hooks.list()[0]!.id);
      expect((await open.hooks.preToolUse(call, context())).runs[0]?.outcome).toBe('passed');
      expect(existsSync(path.join(open.root, 'pwned'))).toBe(false);

      // The version approved first is still approved when the file comes back to it.
      open.write('.sluice/hooks.json', GUARDED);
      expect((await open.hooks.preToolUse(call, context())).decision).toBe('block');
    },
  );

  it.skipIf(!canConfine)('a project hook runs with the project read-only', async () => {
    open = await openHooksProject({
      files: {
        '.sluice/hooks.json': hooksFile({
          Stop: [{ hooks: [{ command: 'touch written-by-hook; echo "exit $?" >&2; exit 2' }] }],
        }),
      },
    });
    open.hooks.approve(open.hooks.list()[0]!.id);
    const verdict = await open.hooks.stop(false, context());
    expect(verdict.reason).toMatch(/exit [1-9]/u);
    expect(existsSync(path.join(open.root, 'written-by-hook'))).toBe(false);
  });

  it('with no sandbox on the machine an approved project hook does not run, and says so', async () => {
    open = await openHooksProject({
      sandbox: { available: false, detail: 'bwrap is not installed' },
      files: {
        '.sluice/hooks.json': hooksFile({ Stop: [{ hooks: [{ command: 'touch ran' }] }] }),
      },
    });
    open.hooks.approve(open.hooks.list()[0]!.id);
    const verdict = await open.hooks.stop(false, context());
    expect(verdict.runs[0]).toMatchObject({ outcome: 'not_run', source: 'project' });
    expect(verdict.runs[0]?.reason).toContain('no sandbox on this machine');
    expect(existsSync(path.join(open.root, 'ran'))).toBe(false);
  });

  it('a file that is not JSON is a problem in words, read again once fixed', async () => {
    open = await openHooksProject({ files: { '.sluice/hooks.json': '{"hooks": {"Stop": [' } });
    expect(open.hooks.list()).toEqual([]);
    expect(open.hooks.problems()).toEqual([
      expect.stringMatching(
        /^\.sluice\/hooks\.json is not valid JSON \(.+\); none of its hooks run\.$/u,
      ),
    ]);
    open.write('.sluice/hooks.json', hooksFile({ Stop: [{ hooks: [{ command: 'true' }] }] }));
    open.hooks.reload();
    await open.hooks.ready();
    expect(open.hooks.problems()).toEqual([]);
    expect(open.hooks.list()).toHaveLength(1);
  });

  it('approve and remove refuse the wrong kind of hook in words', async () => {
    open = await openHooksProject({
      files: { '.sluice/hooks.json': hooksFile({ Stop: [{ hooks: [{ command: 'true' }] }] }) },
    });
    const mine = open.hooks.add({ event: 'Stop', command: 'true', scope: 'project' });
    expect(() => open!.hooks.approve(mine.id)).toThrow('That hook is yours: it needs no approval.');
    const theirs = open.hooks.list().find((h) => h.source === 'project')!;
    expect(() => open!.hooks.remove(theirs.id)).toThrow(/remove it from the file/u);
    expect(open.hooks.list().map((h) => h.source)).toEqual(['person', 'project']);
  });
});
