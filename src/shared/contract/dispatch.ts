// One dispatcher for every transport: it validates the payload against the method's input
// schema, runs the handler, checks the answer against the output schema and turns every
// failure into a WireResult. Contract: never throws, never rejects.
import type { ContractHandlers, ContractSpec } from './define';
import { ContractErrorName, type WireResult, toWireError, zodIssues } from './wire';

export type Dispatcher = (channel: string, payload: unknown) => Promise<WireResult>;

export function createDispatcher<C extends ContractSpec>(
  contract: C,
  handlers: ContractHandlers<C>,
): Dispatcher {
  return async (channel, payload) => {
    const dot = typeof channel === 'string' ? channel.indexOf('.') : -1;
    const serviceName = dot > 0 ? channel.slice(0, dot) : '';
    const methodName = dot > 0 ? channel.slice(dot + 1) : '';
    const service = Object.hasOwn(contract.services, serviceName)
      ? contract.services[serviceName]
      : undefined;
    const spec = service && Object.hasOwn(service, methodName) ? service[methodName] : undefined;
    const serviceHandlers = (
      handlers as Record<string, Record<string, (input: unknown) => unknown>>
    )[serviceName];
    const handler = serviceHandlers?.[methodName];
    if (!spec || typeof handler !== 'function') {
      return {
        ok: false,
        error: {
          name: ContractErrorName.UnknownMethod,
          message: `Unknown method "${String(channel)}".`,
        },
      };
    }
    const parsed = spec.input.safeParse(payload);
    if (!parsed.success) {
      const issues = zodIssues(parsed.error);
      return {
        ok: false,
        error: {
          name: ContractErrorName.InvalidInput,
          message: `Invalid input for ${channel}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
          issues,
        },
      };
    }
    try {
      const value = await handler.call(serviceHandlers, parsed.data);
      const checked = spec.output.safeParse(value);
      if (!checked.success) {
        return {
          ok: false,
          error: {
            name: ContractErrorName.InvalidOutput,
            message: `The answer of ${channel} broke the contract (a bug in Sluice).`,
            issues: zodIssues(checked.error),
          },
        };
      }
      return { ok: true, value: checked.data };
    } catch (error) {
      return { ok: false, error: toWireError(error) };
    }
  };
}

/** Validates an event payload before it is sent; returns undefined for an unknown event. */
export function checkEvent<C extends ContractSpec>(
  contract: C,
  event: string,
  payload: unknown,
): unknown {
  if (!Object.hasOwn(contract.events, event)) return undefined;
  const schema = contract.events[event];
  return schema ? schema.parse(payload) : undefined;
}
