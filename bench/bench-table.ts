/** One benchmark's result, printed by bench/run.ts. */
export interface BenchTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  notes?: string[];
}
