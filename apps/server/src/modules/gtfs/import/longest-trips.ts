/**
 * The stops, in order, of each route and direction's longest trip, kept as
 * stop_times stream past: a route's drawn line and stop list come from that
 * trip (chooseRouteDirections picks the same one: most stops, then lowest
 * ref). Reading them back from the freshly loaded table instead scanned every
 * row of it while its indexes were being built — half a second of a national
 * feed's load.
 *
 * Only a feed whose trips each come in one run of rows can be followed this
 * way; when a trip comes back after another one, `stopsOf` answers null and
 * the caller reads the table.
 */
export class LongestTrips {
  private readonly routeOfTrip: Int32Array;
  private readonly directionOfTrip: Int8Array;
  /** By `route:direction`: the longest trip seen so far and its stop refs in sequence order. */
  private readonly longest = new Map<string, { tripRef: number; stopRefs: number[] }>();
  private readonly finished: Uint8Array;
  private currentTrip = 0;
  private sequences: number[] = [];
  private stopRefs: number[] = [];
  private isScattered = false;

  /** `trips[ref - 1]` says each trip's route ref and direction (0 or 1). */
  constructor(trips: readonly { routeRef: number; directionId: number }[]) {
    this.routeOfTrip = new Int32Array(trips.length + 1);
    this.directionOfTrip = new Int8Array(trips.length + 1);
    trips.forEach((trip, i) => {
      this.routeOfTrip[i + 1] = trip.routeRef;
      this.directionOfTrip[i + 1] = trip.directionId;
    });
    this.finished = new Uint8Array(trips.length + 1);
  }

  add(tripRef: number, stopRef: number, sequence: number): void {
    if (this.isScattered) return;
    if (tripRef !== this.currentTrip) {
      this.endTrip();
      if (this.finished[tripRef]) {
        // Rows of a trip seen before: which trip is longest is only known once the table holds them all.
        this.isScattered = true;
        this.longest.clear();
        return;
      }
      this.currentTrip = tripRef;
    }
    this.sequences.push(sequence);
    this.stopRefs.push(stopRef);
  }

  private endTrip(): void {
    const tripRef = this.currentTrip;
    if (tripRef === 0) return;
    this.finished[tripRef] = 1;
    const key = `${this.routeOfTrip[tripRef]}:${this.directionOfTrip[tripRef]}`;
    const best = this.longest.get(key);
    const count = this.stopRefs.length;
    if (!best || count > best.stopRefs.length || (count === best.stopRefs.length && tripRef < best.tripRef)) {
      const order = this.sequences.map((_, i) => i).sort((a, b) => this.sequences[a] - this.sequences[b]);
      this.longest.set(key, { tripRef, stopRefs: order.map((i) => this.stopRefs[i]) });
    }
    this.currentTrip = 0;
    this.sequences = [];
    this.stopRefs = [];
  }

  /** The stop refs of these trips in sequence order, or null when not every one of them was followed. */
  stopsOf(tripRefs: readonly number[]): Map<number, number[]> | null {
    this.endTrip();
    if (this.isScattered) return null;
    const byTrip = new Map<number, number[]>();
    for (const { tripRef, stopRefs } of this.longest.values()) byTrip.set(tripRef, stopRefs);
    return tripRefs.every((ref) => byTrip.has(ref))
      ? new Map(tripRefs.map((ref) => [ref, byTrip.get(ref) as number[]]))
      : null;
  }
}
