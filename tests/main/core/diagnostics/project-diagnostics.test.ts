import { describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import {
  DEFAULT_DIAGNOSTICS_SETTINGS,
  type DiagnosticsSettings,
} from '../../../../src/shared/diagnostics-settings';
import type { DiagnosticsPort } from '../../../../src/main/core/diagnostics/diagnostics-port';
import {
  createProjectDiagnostics,
  DEADLINE_GRACE_MS,
} from '../../../../src/main/core/diagnostics/project-diagnostics';
import { HeldBackProposals } from '../../../../src/main/core/diagnostics/held-back-proposals';
import { createFakeDiagnostics, evidence } from '../../../support/fake-diagnostics';

const change = [{ path: 'a.ts', after: 'x' }];

describe('project diagnostics', () => {
  it('deadline - a service that overruns its own deadline is answered for as timed out, its answer comes late', async () => {
    let finish: (e: ProposalEvidence) => void = () => undefined;
    const stuck: DiagnosticsPort = {
      ...createFakeDiagnostics(),
      checkChange: () => new Promise((resolve) => (finish = resolve)),
    };
    const diagnostics = createProjectDiagnostics({
      root: '/p',
      settings: () => ({ ...DEFAULT_DIAGNOSTICS_SETTINGS, liveDeadlineMs: 250 }),
      create: () => stuck,
    });
    const late: ProposalEvidence[] = [];
    const started = Date.now();
    const first = await diagnostics.checkChange(change, { onLateResult: (e) => late.push(e) });
    expect(first.state).toBe('timed_out');
    expect(first.reason).toBe('the check did not answer within 250 ms');
    expect(Date.now() - started).toBeLessThan(250 + DEADLINE_GRACE_MS + 1000);
    finish(evidence());
    await new Promise((r) => setTimeout(r, 10));
    expect(late.map((e) => e.state)).toEqual(['checked']);
  });

  it('failure - a service that throws is not_checked with the reason, never a throw', async () => {
    const diagnostics = createProjectDiagnostics({
      root: '/p',
      settings: () => DEFAULT_DIAGNOSTICS_SETTINGS,
      create: () => ({
        ...createFakeDiagnostics(),
        checkChange: () => Promise.reject(new Error('worker crashed')),
      }),
    });
    expect(await diagnostics.checkChange(change)).toMatchObject({
      state: 'not_checked',
      reason: 'the check failed: worker crashed',
    });
  });

  it('settings - the service starts on first use, restarts when a language is switched, gets the settings', async () => {
    let settings: DiagnosticsSettings = DEFAULT_DIAGNOSTICS_SETTINGS;
    const made: {
      fake: ReturnType<typeof createFakeDiagnostics>;
      settings: DiagnosticsSettings;
    }[] = [];
    const diagnostics = createProjectDiagnostics({
      root: '/p',
      settings: () => settings,
      create: (options) => {
        const fake = createFakeDiagnostics();
        made.push({ fake, settings: options.settings });
        return fake;
      },
    });
    expect(made).toHaveLength(0);
    await diagnostics.checkChange(change);
    settings = { ...settings, liveDeadlineMs: 5000 };
    await diagnostics.checkChange(change);
    expect(made).toHaveLength(1);
    expect(made[0]?.fake.calls[1]?.options.deadlineMs).toBe(5000);
    settings = { ...settings, languages: { ...settings.languages, python: false } };
    await diagnostics.checkChange(change);
    expect(made).toHaveLength(2);
    expect(made[0]?.fake.disposed).toBe(1);
    expect(made[1]?.settings.languages.python).toBe(false);
    await diagnostics.dispose();
    expect(made[1]?.fake.disposed).toBe(1);
  });

  it('held back - remembered per conversation, bounded', () => {
    const held = new HeldBackProposals();
    held.remember('c1', 'h1');
    expect(held.has('c1', 'h1')).toBe(true);
    expect(held.has('c2', 'h1')).toBe(false);
    for (let i = 0; i < 300; i++) held.remember('c1', `x${i}`);
    expect(held.has('c1', 'h1')).toBe(false);
    for (let i = 0; i < 70; i++) held.remember(`k${i}`, 'h');
    expect(held.has('c1', 'x299')).toBe(false);
    expect(held.has('k69', 'h')).toBe(true);
  });
});
