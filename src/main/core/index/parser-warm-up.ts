// Single-file refreshes parse on the calling thread; the first parse there would pay V8's lazy
// compilation of the TypeScript parser (~50 ms). One small file that touches every construct
// the extractor handles pays it ahead of time, after a refresh, not on the first applied edit.
import { extractFile } from './extract-file';

const WARM_UP_SOURCE = `import a, { b as c, type D } from './x';
import * as ns from '../y';
export * from './z';
export { e as f } from './e';
/** doc */
export function g<T>(x: T, y = 1): T { const z = require('./r'); return import('./d').then(() => x) as never; }
export default class H<T> extends I implements J { static k = 1; private l?: string; constructor(public m: number) { super(); } get n() { return 1; } o(p: T[]): void {} }
export interface Q { r: string; s(t: number): void }
export type U = { v: 1 } | [number, string] | ((w: string) => void);
export enum X { Y, Z = 'z' }
declare module 'm' { export const aa: number; }
export namespace N.O { export const bb = { cc: [1, 2], dd: () => <div className="ee">{1}</div> }; }
export const { ff, gg: [hh] } = obj;
`;

/** Parses and extracts WARM_UP_SOURCE once; the result is thrown away. */
export function warmUpTypeScriptParser(): void {
  extractFile('warm-up.tsx', WARM_UP_SOURCE);
}
