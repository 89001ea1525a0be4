// Composes the service handlers into the contract's SluiceHandlers. Each service's handlers
// are built by its own factory (project-, settings-, agent-, approval-, checkpoint-,
// symbol-handlers.ts) and passed in ready; this only checks that nothing is missing, so a
// forgotten method fails at start-up rather than as UnknownMethodError at the first click.
import { sluiceContract, type SluiceHandlers } from '../../../shared/contract';

export function createSluiceHandlers(services: SluiceHandlers): SluiceHandlers {
  const missing: string[] = [];
  for (const [serviceName, spec] of Object.entries(sluiceContract.services)) {
    const handlers = (services as unknown as Record<string, Record<string, unknown> | undefined>)[
      serviceName
    ];
    for (const methodName of Object.keys(spec)) {
      if (typeof handlers?.[methodName] !== 'function')
        missing.push(`${serviceName}.${methodName}`);
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `Sluice handlers are incomplete (a bug in the composition root): missing ${missing.join(', ')}.`,
    );
  }
  return {
    project: services.project,
    agent: services.agent,
    approvals: services.approvals,
    checkpoints: services.checkpoints,
    symbols: services.symbols,
    settings: services.settings,
    proposals: services.proposals,
    mcp: services.mcp,
    git: services.git,
    hooks: services.hooks,
  };
}
