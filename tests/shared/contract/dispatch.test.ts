import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createDispatcher,
  defineContract,
  method,
  ContractErrorName,
} from '../../../src/shared/contract';

const contract = defineContract({
  services: {
    math: {
      add: method(z.object({ a: z.number(), b: z.number() }).strict(), z.number()),
      broken: method(z.object({}).strict(), z.string()),
      fails: method(z.object({}).strict(), z.string()),
    },
  },
  events: { tick: z.object({ n: z.number() }) },
});

const dispatch = createDispatcher(contract, {
  math: {
    add: ({ a, b }) => a + b,
    broken: () => 42 as unknown as string,
    fails: () => {
      throw new RangeError('out of range');
    },
  },
});

describe('createDispatcher', () => {
  it('valid payload - runs the handler and returns its value', async () => {
    expect(await dispatch('math.add', { a: 2, b: 3 })).toEqual({ ok: true, value: 5 });
  });

  it('bad payload - answers InvalidInputError with the failing path, handler not run', async () => {
    const result = await dispatch('math.add', { a: 'two', b: 3 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.name).toBe(ContractErrorName.InvalidInput);
    expect(result.error.issues?.[0]?.path).toBe('a');
  });

  it('extra keys - refused by strict schemas', async () => {
    const result = await dispatch('math.add', { a: 1, b: 2, evil: true });
    expect(result.ok).toBe(false);
  });

  it('unknown or prototype channel - UnknownMethodError, never a crash', async () => {
    for (const channel of [
      'math.nope',
      'nope.add',
      '__proto__.constructor',
      'math.toString',
      '',
      'math',
    ]) {
      const result = await dispatch(channel, {});
      expect(result).toMatchObject({ ok: false, error: { name: ContractErrorName.UnknownMethod } });
    }
    // A non-string channel from a hostile caller.
    const result = await dispatch(42 as unknown as string, {});
    expect(result.ok).toBe(false);
  });

  it('handler throws - the error crosses as {name, message} data', async () => {
    expect(await dispatch('math.fails', {})).toEqual({
      ok: false,
      error: { name: 'RangeError', message: 'out of range' },
    });
  });

  it('handler breaks the output schema - InvalidOutputError, not a wrong value', async () => {
    const result = await dispatch('math.broken', {});
    expect(result).toMatchObject({ ok: false, error: { name: ContractErrorName.InvalidOutput } });
  });
});
