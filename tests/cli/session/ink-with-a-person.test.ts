import { describe, expect, it } from 'vitest';
import { loadWithCiHidden } from '../../../src/cli/session/ink-with-a-person';

describe('loadWithCiHidden', () => {
  it('ink with a person - CI reads as off while Ink loads, and is back afterwards', async () => {
    const env: NodeJS.ProcessEnv = { CI: 'true', CONTINUOUS_INTEGRATION: '1', HOME: '/h' };
    const seen = await loadWithCiHidden(async () => ({ ...env }), env);
    expect(seen.CI).toBe('0');
    expect(seen.CONTINUOUS_INTEGRATION).toBe('0');
    expect(env).toEqual({ CI: 'true', CONTINUOUS_INTEGRATION: '1', HOME: '/h' });
  });

  it('ink with a person - variables that were not set stay unset', async () => {
    const env: NodeJS.ProcessEnv = { HOME: '/h' };
    const seen = await loadWithCiHidden(async () => ({ ...env }), env);
    expect('CI' in seen).toBe(false);
    expect(env).toEqual({ HOME: '/h' });
  });

  it('ink with a person - a load that fails still restores the environment', async () => {
    const env: NodeJS.ProcessEnv = { CI: 'true' };
    await expect(
      loadWithCiHidden(async () => {
        throw new Error('no ink');
      }, env),
    ).rejects.toThrow('no ink');
    expect(env).toEqual({ CI: 'true' });
  });
});
