import { describe, expect, it } from 'vitest';
import { sluiceContract, type SluiceHandlers } from '../../../../src/shared/contract';
import { createSluiceHandlers } from '../../../../src/main/core/services/create-handlers';

/** Every method answers its own channel name: enough to prove the wiring, not the services. */
function echoHandlers(): SluiceHandlers {
  const services: Record<string, Record<string, () => string>> = {};
  for (const [serviceName, spec] of Object.entries(sluiceContract.services)) {
    services[serviceName] = Object.fromEntries(
      Object.keys(spec).map((m) => [m, () => `${serviceName}.${m}`]),
    );
  }
  return services as unknown as SluiceHandlers;
}

describe('createSluiceHandlers', () => {
  it('passes every service through', () => {
    const handlers = createSluiceHandlers(echoHandlers());
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(sluiceContract.services).sort());
  });

  it('refuses an incomplete composition - names each missing method', () => {
    const incomplete = echoHandlers() as unknown as Record<string, Record<string, unknown>>;
    delete incomplete.settings!.openExternal;
    delete incomplete.symbols;
    expect(() => createSluiceHandlers(incomplete as unknown as SluiceHandlers)).toThrow(
      /missing .*symbols\.status.*settings\.openExternal|missing .*settings\.openExternal/,
    );
  });
});
