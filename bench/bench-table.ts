/** One benchmark's result, printed by bench/run.ts. */
export interface BenchTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  notes?: string[];
  /** It could not measure what it is for (a corpus missing): `npm run bench` exits non-zero. */
  failed?: boolean;
}
