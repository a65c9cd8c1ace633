// The download progress bar: redrawn in place on a terminal, a plain line per 10 % otherwise.

/** Where `npm run models` writes: process.stdout, or a buffer in tests. */
export interface Output {
  write(text: string): unknown;
  /** A terminal: the bar is redrawn in place; otherwise one line per tenth. */
  isTTY?: boolean;
}

export function formatBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} kB`;
  return `${n} B`;
}

/** A terminal redraw at most this often (ms): faster is flicker, slower looks stuck. */
const REDRAW_MS = 100;
const BAR_WIDTH = 24;

export class Progress {
  private done: number;
  private readonly startedWith: number;
  private readonly startedAt = Date.now();
  private lastDraw = 0;
  private lastTenth: number;
  private drawn = false;

  constructor(
    private readonly name: string,
    private readonly total: number,
    already: number,
    private readonly out: Output,
  ) {
    this.done = already;
    this.startedWith = already;
    this.lastTenth = Math.floor((already / Math.max(total, 1)) * 10);
  }

  add(bytes: number): void {
    this.done += bytes;
    if (this.out.isTTY) {
      const now = Date.now();
      if (now - this.lastDraw >= REDRAW_MS) {
        this.lastDraw = now;
        this.draw();
      }
      return;
    }
    const tenth = Math.floor((this.done / Math.max(this.total, 1)) * 10);
    if (tenth > this.lastTenth) {
      this.lastTenth = tenth;
      this.out.write(`${this.name}: ${this.line()}\n`);
    }
  }

  /** Last redraw and a newline, so what follows starts on its own line. */
  end(): void {
    if (this.out.isTTY && (this.drawn || this.done > this.startedWith)) {
      this.draw();
      this.out.write('\n');
    }
  }

  private draw(): void {
    const share = Math.min(1, this.done / Math.max(this.total, 1));
    const filled = Math.round(share * BAR_WIDTH);
    const bar = '#'.repeat(filled) + '-'.repeat(BAR_WIDTH - filled);
    this.out.write(`\r[${bar}] ${this.line()}\x1b[K`);
    this.drawn = true;
  }

  /** "45% 13.3 MB of 29.6 MB, 4.1 MB/s" (the rate of this session's bytes). */
  private line(): string {
    const pct = Math.min(100, Math.floor((this.done / Math.max(this.total, 1)) * 100));
    const sec = Math.max((Date.now() - this.startedAt) / 1000, 1e-3);
    const rate = (this.done - this.startedWith) / sec;
    return `${pct}% ${formatBytes(this.done)} of ${formatBytes(this.total)}, ${formatBytes(rate)}/s`;
  }
}
