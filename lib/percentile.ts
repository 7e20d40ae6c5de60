/**
 * PostgreSQL's percentile_cont over values given as [value, how many] in ascending order: the value at
 * fraction f of the way through them, interpolated between its two neighbours. The Insights page's waits come
 * counted per minute: sorting each wait of a year of leads cost more than everything else the page reads.
 */
export function percentileOf(counted: [number, number][], fraction: number): number | null {
  const total = counted.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const position = fraction * (total - 1);
  const valueAt = (index: number) => {
    let seen = 0;
    for (const [value, n] of counted) {
      seen += n;
      if (index < seen) return value;
    }
    return counted.at(-1)![0];
  };
  const below = Math.floor(position);
  const low = valueAt(below);
  return low + (valueAt(Math.ceil(position)) - low) * (position - below);
}
