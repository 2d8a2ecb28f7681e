/**
 * Refs by id, looked up straight from a span of a longer text: a plain
 * stop_times line's stop id is found in place, without a string cut out of
 * the line for it — a national feed's million short strings were most of
 * its read's garbage. Open addressing over FNV-1a hashes of the characters.
 */
export class SpanIndex {
  private ids: string[] = [];
  private refs: number[] = [];
  /** Index into ids and refs, plus one; 0 is an empty slot. The size is a power of two, at most half full. */
  private slots = new Int32Array(1024);

  get size(): number {
    return this.ids.length;
  }

  /** Adds an id not added before. */
  set(id: string, ref: number): void {
    if ((this.ids.length + 1) * 2 > this.slots.length) this.grow();
    this.ids.push(id);
    this.refs.push(ref);
    this.place(id, this.ids.length);
  }

  /** The ref of the id, or -1. */
  refOf(id: string): number {
    return this.get(id, 0, id.length);
  }

  /** The ref of the id spelled by text[start, end), or -1. */
  get(text: string, start: number, end: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hashSpan(text, start, end) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot];
      if (entry === 0) return -1;
      const id = this.ids[entry - 1];
      if (id.length === end - start && text.startsWith(id, start)) return this.refs[entry - 1];
    }
  }

  private place(id: string, entry: number): void {
    const mask = this.slots.length - 1;
    let slot = hashSpan(id, 0, id.length) & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = entry;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (const [i, id] of this.ids.entries()) this.place(id, i + 1);
  }
}

function hashSpan(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  // The low bits pick the slot: fold the high ones in.
  return (hash ^ (hash >>> 15)) >>> 0;
}
