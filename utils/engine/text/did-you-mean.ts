/** Damerau–Levenshtein distance (optimal string alignment), capped: we only care about 0, 1, 2. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
    }
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, cap);
}

/**
 * The known name a typo most likely meant: one edit away (or a case / `-` vs `_` slip), else
 * null. Used for unknown poppy.json fields, index entry fields and frontmatter keys.
 */
export function didYouMean(name: string, known: readonly string[]): string | null {
  const folded = fold(name);
  for (const k of known) if (fold(k) === folded && k !== name) return k;
  let best: string | null = null;
  for (const k of known) {
    if (k !== name && editDistance(name, k, 2) <= 1) {
      if (best !== null) return null; // ambiguous: say nothing rather than guess
      best = k;
    }
  }
  return best;
}

function fold(s: string): string {
  return s.toLowerCase().replace(/[-_ ]/g, '');
}
