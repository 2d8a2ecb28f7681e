/**
 * One stop list for a route's direction out of its trips' patterns. The
 * longest pattern gives the order; each other pattern's stops that it lacks
 * go where they fall in that pattern — between the known stops around them,
 * before the first known one when the variant starts earlier, after the last
 * known one when it runs on or branches off — never after the terminus just
 * because the longest trip skips them (an intercity train passing stations a
 * regional one serves). A stop a trip visits twice (a loop) is listed once.
 */
export function mergeStopPatterns(patterns: readonly (readonly number[])[]): number[] {
  const distinctPatterns = [...new Map(patterns.map((pattern) => [pattern.join(','), pattern])).values()];
  // Longest first; a stable sort keeps the caller's order (the feed's usual pattern first) among equals.
  distinctPatterns.sort((a, b) => b.length - a.length);
  const merged: number[] = [];
  const placed = new Set<number>();
  for (const pattern of distinctPatterns) {
    let i = 0;
    while (i < pattern.length) {
      if (placed.has(pattern[i])) {
        i++;
        continue;
      }
      // A run of stops the list lacks, and the known stops on either side of it.
      let end = i;
      while (end < pattern.length && !placed.has(pattern[end])) end++;
      const run = [...new Set(pattern.slice(i, end))];
      const next = end < pattern.length ? merged.indexOf(pattern[end]) : -1;
      const previous = i > 0 ? merged.indexOf(pattern[i - 1]) : -1;
      const at = next >= 0 && (previous < 0 || next > previous) ? next : previous >= 0 ? previous + 1 : merged.length;
      merged.splice(at, 0, ...run);
      for (const stop of run) placed.add(stop);
      i = end;
    }
  }
  return merged;
}
