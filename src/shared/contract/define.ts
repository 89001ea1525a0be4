// The IPC contract's building blocks. A service is a record of methods, each with a zod
// schema for its input and its output; events are named zod schemas. Channel names are
// derived (`service.method`), never written by hand, so Electron IPC, the WebSocket of
// browser mode and the tests all speak the same names.
import { z } from 'zod';

export interface MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
}

export function method<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
): MethodSpec<I, O> {
  return { input, output };
}

/** The input of a method that takes nothing: only `{}` is accepted. */
export const noInput = z.object({}).strict();

/** An id (or a hash) as a caller sends it: never empty, bounded. */
export const idText = z.string().min(1).max(200);

/** The input of a method that names one record by its id. */
export const byId = z.object({ id: idText }).strict();

export type ServiceSpec = Record<string, MethodSpec>;
export type ServicesSpec = Record<string, ServiceSpec>;
export type EventsSpec = Record<string, z.ZodType>;

export interface ContractSpec<
  S extends ServicesSpec = ServicesSpec,
  E extends EventsSpec = EventsSpec,
> {
  readonly services: S;
  readonly events: E;
}

export function defineContract<S extends ServicesSpec, E extends EventsSpec>(spec: {
  services: S;
  events: E;
}): ContractSpec<S, E> {
  return spec;
}

/** `service.method`: the one place channel names come from. */
export function channelName(service: string, methodName: string): string {
  return `${service}.${methodName}`;
}

export type MethodInput<M extends MethodSpec> = z.input<M['input']>;
export type MethodOutput<M extends MethodSpec> = z.output<M['output']>;

/** What the renderer (or any other caller) sees: every method as an async function. */
export type ServiceClient<S extends ServiceSpec> = {
  [K in keyof S]: (input: MethodInput<S[K]>) => Promise<MethodOutput<S[K]>>;
};

/** What main implements: handlers receive validated (parsed) input. */
export type ServiceHandlers<S extends ServiceSpec> = {
  [K in keyof S]: (
    input: z.output<S[K]['input']>,
  ) => Promise<z.input<S[K]['output']>> | z.input<S[K]['output']>;
};

export type ContractHandlers<C extends ContractSpec> = {
  [K in keyof C['services']]: ServiceHandlers<C['services'][K]>;
};

export type EventPayload<C extends ContractSpec, K extends keyof C['events']> = z.output<
  C['events'][K]
>;

export type EventListener<C extends ContractSpec, K extends keyof C['events']> = (
  payload: EventPayload<C, K>,
) => void;

export type ContractClient<C extends ContractSpec> = {
  [K in keyof C['services']]: ServiceClient<C['services'][K]>;
} & {
  /** Subscribe to an event; returns the unsubscribe function. */
  on<K extends keyof C['events'] & string>(event: K, listener: EventListener<C, K>): () => void;
};
