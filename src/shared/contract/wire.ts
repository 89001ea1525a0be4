// What crosses a process boundary. Errors are data: `{name, message}` (plus zod issues for a
// bad payload), rebuilt into a ContractError on the calling side.
import { z } from 'zod';

export const wireErrorSchema = z.object({
  name: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type WireError = z.infer<typeof wireErrorSchema>;

export type WireResult = { ok: true; value: unknown } | { ok: false; error: WireError };

/** Names used for errors that the contract layer itself produces. */
export const ContractErrorName = {
  /** The payload failed the method's input schema. */
  InvalidInput: 'InvalidInputError',
  /** No such service or method. */
  UnknownMethod: 'UnknownMethodError',
  /** The call came from a frame or connection that may not call. */
  ForbiddenSender: 'ForbiddenSenderError',
  /** The handler's answer failed the output schema: a bug in main, never user input. */
  InvalidOutput: 'InvalidOutputError',
  /** Transport closed or failed. */
  Transport: 'TransportError',
} as const;

export class ContractError extends Error {
  readonly issues: WireError['issues'];
  constructor(wire: WireError) {
    super(wire.message);
    this.name = wire.name;
    this.issues = wire.issues;
  }
}

/** Turns anything thrown into wire data; never includes a stack. */
export function toWireError(error: unknown): WireError {
  if (error instanceof ContractError) {
    return {
      name: error.name,
      message: error.message,
      ...(error.issues ? { issues: error.issues } : {}),
    };
  }
  if (error instanceof Error) return { name: error.name || 'Error', message: error.message };
  return { name: 'Error', message: String(error) };
}

export function zodIssues(error: z.ZodError): NonNullable<WireError['issues']> {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
}
