// Fuzzy matching for symbol and file search: the query's characters must appear in order
// (case-insensitive); contiguous runs, matches at word starts (after `.`, `/`, `_`, `-` or a
// lower→upper camel hump) and a match at the very start score higher; shorter candidates win ties.

export function fuzzyScore(query: string, candidate: string): number | undefined {
  if (!query) return 0;
  const q = query.toLowerCase();
  const c = candidate.toLowerCase();
  const exact = c === q ? 1000 : c.startsWith(q) ? 500 : c.includes(q) ? 200 : 0;
  let score = exact;
  let qi = 0;
  let previous = -2;
  for (let ci = 0; ci < c.length && qi < q.length; ci++) {
    if (c.charCodeAt(ci) !== q.charCodeAt(qi)) continue;
    let bonus = 1;
    if (ci === previous + 1) bonus += 5;
    const before = ci > 0 ? candidate[ci - 1] : undefined;
    const here = candidate[ci] as string;
    if (ci === 0) bonus += 8;
    else if (before === '.' || before === '/' || before === '_' || before === '-' || before === ' ')
      bonus += 6;
    else if (before !== undefined && before === before.toLowerCase() && here !== here.toLowerCase())
      bonus += 6;
    score += bonus;
    previous = ci;
    qi++;
  }
  if (qi < q.length) return undefined;
  return score - candidate.length * 0.1;
}

/** Best `limit` candidates for the query, best first. */
export function fuzzyRank(query: string, candidates: Iterable<string>, limit: number): string[] {
  const scored: { candidate: string; score: number }[] = [];
  let floor = -Infinity;
  for (const candidate of candidates) {
    const score = fuzzyScore(query, candidate);
    if (score === undefined || (scored.length >= limit && score <= floor)) continue;
    scored.push({ candidate, score });
    if (scored.length > limit * 4) {
      scored.sort((a, b) => b.score - a.score || a.candidate.localeCompare(b.candidate));
      scored.length = limit;
      floor = (scored[scored.length - 1] as { score: number }).score;
    }
  }
  scored.sort((a, b) => b.score - a.score || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, limit).map((s) => s.candidate);
}
