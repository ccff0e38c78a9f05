/**
 * One 0-100 figure over several ffmpeg runs of different cost. It never goes back, also when the
 * steps are planned again (a smart cut that turns into a full re-encode).
 */
export class StepProgress {
  private total = 0;
  private done = 0;
  private current = 0;
  private last = -1;

  constructor(private readonly onProgress?: (percent: number) => void) {}

  /** The summed weight of the steps to come. */
  plan(total: number): void {
    this.total = total;
    this.done = 0;
    this.current = 0;
  }

  /** Starts a step of this weight; the step before it counts as done. */
  begin(weight: number): void {
    this.done += this.current;
    this.current = weight;
    this.update(0);
  }

  /** Progress within the current step, 0-100 (null: ffmpeg cannot tell). */
  update(percent: number | null): void {
    if (percent === null || !(this.total > 0)) return;
    this.emit(((this.done + (this.current * percent) / 100) / this.total) * 100);
  }

  finish(): void {
    this.emit(100);
  }

  private emit(percent: number): void {
    const value = Math.min(100, Math.max(0, percent));
    if (value <= this.last) return;
    this.last = value;
    this.onProgress?.(value);
  }
}
