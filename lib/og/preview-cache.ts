/**
 * A small in-process cache of drawn preview images, least recently used out first. An entry is keyed by a hash
 * of everything the image shows, so a changed profile is a new key (and the old entry ages out); a request
 * that finds its image being drawn waits for that drawing instead of starting another.
 */
export class PreviewCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  /** How many images were actually drawn (tests and the bench read it). */
  renders = 0;

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    const found = this.entries.get(key);
    if (found) {
      // Map keeps insertion order: moving the entry to the end marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    this.renders++;
    const drawing = draw();
    this.entries.set(key, drawing);
    // A failed drawing is not kept: the next request tries again.
    drawing.catch(() => {
      if (this.entries.get(key) === drawing) this.entries.delete(key);
    });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return drawing;
  }

  clear(): void {
    this.entries.clear();
    this.renders = 0;
  }
}
