// Module hooks for register.mjs: `electron` becomes the stub; resolved node_modules URLs are
// logged (appendFileSync: the line exists before the module is evaluated).
import { appendFileSync } from 'node:fs';

let stub = '';
let log;

export function initialize(data) {
  stub = data.stub;
  log = data.log;
}

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: stub, shortCircuit: true };
  const resolved = await next(specifier, context);
  if (log && resolved.url.includes('/node_modules/')) appendFileSync(log, `${resolved.url}\n`);
  return resolved;
}
