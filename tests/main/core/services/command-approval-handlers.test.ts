// The contract's command methods over a real ProjectCommands: pending command approvals, a
// decision bound to the command hash, and command rules the person can list, add and remove.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approvalService } from '../../../../src/shared/contract/approval-service';
import { createDispatcher, defineContract } from '../../../../src/shared/contract';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { createApprovalHandlers } from '../../../../src/main/core/services/approval-handlers';
import { createProjectCommands } from '../../../../src/main/core/commands/project-commands';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { createRunCommandTool } from '../../../../src/main/core/tools/run-command';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

const contract = defineContract({ services: { approvals: approvalService }, events: {} });

let project: string;
let home: string;
let db: WritableDb;
beforeEach(async () => {
  project = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-cmd-handlers-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-cmd-handlers-home-'));
  db = openAppDatabase({ home });
});
afterEach(async () => {
  db.close();
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe('command approval handlers', () => {
  it('pending, stale and real decisions, and command rules through the contract', async () => {
    const policies = createPolicyRepository(db);
    const commands = createProjectCommands({
      db,
      projectId: 'p1',
      home,
      sandbox: { available: false, detail: 'test: none' },
    });
    const dispatch = createDispatcher(contract, {
      approvals: createApprovalHandlers({
        policies,
        currentProject: () => ({
          projectId: 'p1',
          broker: new ApprovalBroker({ policy: () => policies.get('p1') }),
        }),
        currentCommands: () => ({ projectId: 'p1', commands }),
      }),
    });
    const events: AgentEvent[] = [];
    const running = runTool(
      createRunCommandTool(),
      { command: 'echo hi', description: 'say hi' },
      {
        workspace: await Workspace.open(project),
        signal: new AbortController().signal,
        conversationId: 'c1',
        turnId: 't1',
        toolUseId: 'u1',
        commands: commands.port,
        emit: (event) => events.push(event),
      },
    );
    for (let i = 0; i < 200 && !events.length; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const pending = await dispatch('approvals.pendingCommands', {});
    expect(pending).toMatchObject({
      ok: true,
      value: [{ command: 'echo hi', sandboxed: false, conversationId: 'c1', turnId: 't1' }],
    });
    const request = events.find((e) => e.type === 'command_approval_request');
    if (request?.type !== 'command_approval_request') throw new Error('no request');
    expect(request.toolUseId).toBe('u1');
    const bind = { approvalId: request.request.approvalId };
    expect(
      await dispatch('approvals.decideCommand', {
        ...bind,
        commandHash: 'stale',
        decision: { type: 'run_once' },
      }),
    ).toMatchObject({ ok: true, value: { accepted: false } });
    expect(
      await dispatch('approvals.decideCommand', {
        ...bind,
        commandHash: request.request.commandHash,
        decision: { type: 'reject', reason: 'not now' },
      }),
    ).toEqual({ ok: true, value: { accepted: true } });
    expect((await running).status).toBe('rejected');

    const added = await dispatch('approvals.addCommandRule', {
      prefix: ['npm', 'test'],
      action: 'allow',
    });
    expect(added).toMatchObject({ ok: true, value: { prefix: ['npm', 'test'], action: 'allow' } });
    expect(
      await dispatch('approvals.addCommandRule', { prefix: ['bash'], action: 'allow' }),
    ).toMatchObject({
      ok: false,
    });
    const list = await dispatch('approvals.commandRules', {});
    expect(list).toMatchObject({ ok: true, value: [{ prefix: ['npm', 'test'] }] });
    const id = (added as { value: { id: string } }).value.id;
    expect(await dispatch('approvals.removeCommandRule', { id })).toEqual({
      ok: true,
      value: { removed: true },
    });

    const net = await dispatch('approvals.addNetworkRule', {
      hosts: ['Registry.npmjs.org:443'],
      prefix: ['npm', 'install'],
    });
    expect(net).toMatchObject({
      ok: true,
      value: { hosts: ['registry.npmjs.org:443'], prefix: ['npm', 'install'] },
    });
    expect(
      await dispatch('approvals.addNetworkRule', { hosts: ['https://evil.example/'] }),
    ).toMatchObject({ ok: false });
    expect(await dispatch('approvals.addNetworkRule', { hosts: [] })).toMatchObject({ ok: false });
    expect(await dispatch('approvals.networkRules', {})).toMatchObject({
      ok: true,
      value: [{ hosts: ['registry.npmjs.org:443'] }],
    });
    const netId = (net as { value: { id: string } }).value.id;
    expect(await dispatch('approvals.removeNetworkRule', { id: netId })).toEqual({
      ok: true,
      value: { removed: true },
    });
    expect(await dispatch('approvals.networkRules', {})).toEqual({ ok: true, value: [] });
  });
});
