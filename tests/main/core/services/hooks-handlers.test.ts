// The `hooks` contract service over a project's hooks (the fake of the engine's port), through
// the one dispatcher: payloads validated, a refusal crossing as its words, every change
// answered with the list as it is after it.
import { describe, expect, it } from 'vitest';
import { createDispatcher, defineContract, type WireResult } from '../../../../src/shared/contract';
import {
  hooksService,
  type HookChange,
  type HooksList,
} from '../../../../src/shared/contract/hooks-service';
import { createHooksHandlers } from '../../../../src/main/core/services/hooks-handlers';
import {
  createFakeProjectHooks,
  projectHook,
  type FakeProjectHooks,
} from '../../../support/fake-project-hooks';

const contract = defineContract({ services: { hooks: hooksService }, events: {} });

function serve(hooks: FakeProjectHooks) {
  const dispatch = createDispatcher(contract, {
    hooks: createHooksHandlers({ currentHooks: () => hooks }),
  });
  return async <T>(method: string, payload: unknown): Promise<T> => {
    const result: WireResult = await dispatch(`hooks.${method}`, payload);
    if (!result.ok) throw new Error(`${result.error.name}: ${result.error.message}`);
    return result.value as T;
  };
}

const lint = projectHook('PostToolUse', 'npm run lint', { matcher: 'edit_file' });

describe('hooks handlers', () => {
  it('hooks.list - reads the hooks again and says the file problems', async () => {
    const hooks = createFakeProjectHooks({
      project: [lint],
      problems: ['.sluice/hooks.json: hooks.Stop[0].hooks is not a list'],
    });
    const call = serve(hooks);
    const list = await call<HooksList>('list', {});
    expect(hooks.reloads).toBe(1);
    expect(list.hooks).toEqual([lint]);
    expect(list.problems).toEqual(['.sluice/hooks.json: hooks.Stop[0].hooks is not a list']);
  });

  it('hooks.add - a blank matcher is every tool; the scope reaches the hooks; the list follows', async () => {
    const hooks = createFakeProjectHooks();
    const call = serve(hooks);
    const added = await call<HookChange>('add', {
      event: 'PreToolUse',
      matcher: '  ',
      command: './check.sh',
      timeoutSeconds: 30,
      scope: 'everywhere',
    });
    expect(added.hook).toMatchObject({ source: 'person', matcher: null, timeoutSeconds: 30 });
    expect(hooks.scopes.get(added.hook.id)).toBe('everywhere');
    expect(added.hooks).toEqual([added.hook]);
  });

  it('hooks.add - refuses an unknown event, a blank command and a timeout past the most', async () => {
    const call = serve(createFakeProjectHooks());
    const base = { event: 'PreToolUse', command: 'x', scope: 'project' };
    await expect(call('add', { ...base, event: 'BeforeTool' })).rejects.toThrow(
      /InvalidInput.*event/u,
    );
    await expect(call('add', { ...base, command: '   ' })).rejects.toThrow(
      /InvalidInput.*command/u,
    );
    await expect(call('add', { ...base, timeoutSeconds: 601 })).rejects.toThrow(
      /InvalidInput.*timeoutSeconds/u,
    );
  });

  it('hooks.approve - approves a project hook; an unknown id crosses as its words', async () => {
    const hooks = createFakeProjectHooks({ project: [lint] });
    const call = serve(hooks);
    const approved = await call<HookChange>('approve', { id: lint.id });
    expect(approved.hook.trust).toBe('approved');
    expect(approved.hooks[0]?.trust).toBe('approved');
    await expect(call('approve', { id: 'ffff0000' })).rejects.toThrow(/there is no hook ffff0000/u);
  });

  it('hooks.remove - removes a hook of yours; a project hook is refused in words', async () => {
    const hooks = createFakeProjectHooks({ project: [lint] });
    const call = serve(hooks);
    const { hook } = await call<HookChange>('add', {
      event: 'Stop',
      command: 'say done',
      scope: 'project',
    });
    const removed = await call<HookChange>('remove', { id: hook.id.slice(0, 8) });
    expect(removed.hook.id).toBe(hook.id);
    expect(removed.hooks).toEqual([lint]);
    await expect(call('remove', { id: lint.id })).rejects.toThrow(
      /remove it from \.sluice\/hooks\.json/u,
    );
  });

  it('hooks.test - runs the matching hooks with the sample; recentRuns lists them newest first', async () => {
    const hooks = createFakeProjectHooks({
      project: [{ ...lint, trust: 'approved' }],
      run: () => ({
        outcome: 'blocked',
        exitCode: 2,
        output: 'lint failed',
        reason: 'lint failed',
      }),
    });
    const call = serve(hooks);
    const verdict = await call<{ decision: string; runs: { outcome: string }[] }>('test', {
      event: 'PostToolUse',
      toolName: 'edit_file',
      toolInput: { path: 'a.ts' },
    });
    expect(hooks.tests).toEqual([
      { event: 'PostToolUse', sample: { toolName: 'edit_file', toolInput: { path: 'a.ts' } } },
    ]);
    expect(verdict.decision).toBe('block');
    expect(verdict.runs.map((r) => r.outcome)).toEqual(['blocked']);
    const recent = await call<{ runs: { hookId: string; outcome: string }[] }>('recentRuns', {
      limit: 5,
    });
    expect(recent.runs).toMatchObject([{ hookId: lint.id, outcome: 'blocked' }]);
    await expect(call('test', { event: 'PostToolUse', toolInput: [1] })).rejects.toThrow(
      /InvalidInput.*toolInput/u,
    );
    await expect(call('recentRuns', { limit: 0 })).rejects.toThrow(/InvalidInput.*limit/u);
  });
});
