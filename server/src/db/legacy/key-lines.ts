/**
 * The keys of a file seen so far, each with the line it was first seen on, small enough for millions
 * of keys: a Map of strings costs about a hundred bytes a key (three million visits: 300 MB), this
 * about thirty. The keys' bytes live in one growing arena; an open-addressing table of 32-bit slots
 * finds them by an FNV-1a hash, and equal hashes are compared byte by byte, so the answer is exact.
 */
export class KeyLines {
  private arena = Buffer.alloc(1 << 16);
  private arenaUsed = 0;
  /** Per entry: where its bytes start (they end where the next entry's start), its hash and line. */
  private starts = new Int32Array(1 << 10);
  private hashes = new Int32Array(1 << 10);
  private lines = new Int32Array(1 << 10);
  private count = 0;
  /** Entry index + 1, or 0 for a free slot; always at most half full. */
  private slots = new Int32Array(1 << 11);

  get size(): number {
    return this.count;
  }

  /** The line an equal key was first seen on; else remembers `key` at `line` and answers undefined. */
  firstLine(key: string, line: number): number | undefined {
    const length = Buffer.byteLength(key);
    this.reserve(length);
    const start = this.arenaUsed;
    this.arena.write(key, start);
    const end = start + length;
    let hash = 0x811c9dc5 | 0;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ (this.arena[i] as number), 0x01000193);

    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = (this.slots[slot] as number) - 1;
      if (entry < 0) {
        this.add(slot, start, end, hash, line);
        return undefined;
      }
      if (this.hashes[entry] === hash && this.equals(entry, start, end)) return this.lines[entry];
    }
  }

  private equals(entry: number, start: number, end: number): boolean {
    const from = this.starts[entry] as number;
    const to = entry + 1 < this.count ? (this.starts[entry + 1] as number) : this.arenaUsed;
    return this.arena.compare(this.arena, start, end, from, to) === 0;
  }

  private add(slot: number, start: number, end: number, hash: number, line: number) {
    if (this.count === this.starts.length) {
      const grow = (array: Int32Array) => {
        const bigger = new Int32Array(array.length * 2);
        bigger.set(array);
        return bigger;
      };
      this.starts = grow(this.starts);
      this.hashes = grow(this.hashes);
      this.lines = grow(this.lines);
    }
    this.starts[this.count] = start;
    this.hashes[this.count] = hash;
    this.lines[this.count] = line;
    this.count++;
    this.arenaUsed = end;
    this.slots[slot] = this.count;
    if (this.count * 2 > this.slots.length) this.rehash();
  }

  private rehash() {
    this.slots = new Int32Array(this.slots.length * 2);
    const mask = this.slots.length - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = (this.hashes[entry] as number) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = entry + 1;
    }
  }

  private reserve(length: number) {
    if (this.arenaUsed + length <= this.arena.length) return;
    const bigger = Buffer.alloc(Math.max(this.arena.length * 2, this.arenaUsed + length));
    this.arena.copy(bigger, 0, 0, this.arenaUsed);
    this.arena = bigger;
  }
}
