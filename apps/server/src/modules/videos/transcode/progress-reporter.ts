import type { Logger } from 'pino';

export type TranscodeStep = 'preview' | 'poster' | 'low' | 'full' | 'storyboard';

export interface ProgressReporterOptions {
  /** Writes progress and heartbeat; resolves false when the attempt no longer owns the video. */
  write(progress: number): Promise<boolean>;
  /** Called once when a write says the video was taken over (or finished) elsewhere. */
  onLost(): void;
  log: Logger;
  /** At most one progress write per this many ms (default 2000). */
  minIntervalMs?: number;
  /** A heartbeat at least this often, progress or not (downloads and uploads report none). */
  heartbeatMs: number;
}

/**
 * Turns per-step ffmpeg percentages into one 0-99 figure for the library (100 is written with
 * `ready`), weighted by how long each step takes, and writes it together with the heartbeat:
 * throttled, one write in flight at a time, and at least every `heartbeatMs`.
 */
export class ProgressReporter {
  private weights = new Map<TranscodeStep, number>();
  private finished = new Set<TranscodeStep>();
  private current: TranscodeStep | null = null;
  private fraction = 0;
  private written = -1;
  private lastWriteAt = 0;
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private lost = false;
  private readonly minIntervalMs: number;

  constructor(private readonly options: ProgressReporterOptions) {
    this.minIntervalMs = options.minIntervalMs ?? 2000;
  }

  start(): void {
    this.timer = setInterval(() => void this.write(), this.options.heartbeatMs);
  }

  /** Relative cost of each step that will run; steps left out count as done. */
  plan(weights: Partial<Record<TranscodeStep, number>>): void {
    this.weights = new Map(Object.entries(weights).filter(([, w]) => w > 0) as [TranscodeStep, number][]);
  }

  begin(step: TranscodeStep): void {
    this.current = step;
    this.fraction = 0;
    this.maybeWrite();
  }

  /** `percent` of the current step (0-100). */
  update(percent: number): void {
    this.fraction = Math.min(1, Math.max(0, percent / 100));
    this.maybeWrite();
  }

  finish(step: TranscodeStep): void {
    this.finished.add(step);
    if (this.current === step) this.current = null;
    this.fraction = 0;
    this.maybeWrite();
  }

  value(): number {
    const total = [...this.weights.values()].reduce((a, b) => a + b, 0);
    if (total === 0) return 0;
    let done = 0;
    for (const [step, weight] of this.weights) if (this.finished.has(step)) done += weight;
    if (this.current && !this.finished.has(this.current)) done += (this.weights.get(this.current) ?? 0) * this.fraction;
    return Math.min(99, Math.floor((done / total) * 100));
  }

  /** Stops the heartbeat and waits for a write in flight. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.inFlight;
  }

  private maybeWrite(): void {
    if (Date.now() - this.lastWriteAt < this.minIntervalMs || this.value() === this.written) return;
    void this.write();
  }

  private write(): Promise<void> {
    if (this.lost) return Promise.resolve();
    if (this.inFlight) return this.inFlight;
    const progress = this.value();
    this.lastWriteAt = Date.now();
    this.inFlight = this.options
      .write(progress)
      .then((stillOwned) => {
        this.written = progress;
        if (!stillOwned && !this.lost) {
          this.lost = true;
          this.options.onLost();
        }
      })
      // A database hiccup must not stop the encode; the next beat tries again.
      .catch((err: unknown) => this.options.log.warn({ err }, 'could not write transcode progress'))
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }
}
