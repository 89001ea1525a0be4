// The note a partly applied file keeps: words a person reads ("hunks
// 1 and 3 of 4 written"), numbered as the review screens number hunks, never an internal id;
// proposal_status reads the accepted hunks back from it here, in the same place.

/** Hunk ids are `h<n>`, numbered from 1 in the order the review shows them. */
function numberOf(id: string): number | null {
  const m = /^h(\d+)$/u.exec(id);
  return m ? Number(m[1]) : null;
}

function listed(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1] ?? ''}`;
}

export function partlyAppliedNote(acceptedIds: readonly string[], total: number): string {
  const numbers = acceptedIds
    .map(numberOf)
    .filter((n): n is number => n !== null)
    .sort((a, b) => a - b);
  return `${numbers.length === 1 ? 'hunk' : 'hunks'} ${listed(numbers)} of ${total} written; the rest not`;
}

/** The hunk ids a partlyAppliedNote says were written (empty for any other note). */
export function acceptedHunkIds(note: string | null): string[] {
  const m = /^hunks? ([\d, and]+) of \d+ written/u.exec(note ?? '');
  if (!m?.[1]) return [];
  return (m[1].match(/\d+/gu) ?? []).map((n) => `h${n}`);
}
