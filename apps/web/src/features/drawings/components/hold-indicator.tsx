import { useNow } from '@/lib/use-now';

/** Over a held drawing: how long playback stays paused on it, and Continue to go on at once. */
export function HoldIndicator({ endsAt, onContinue }: { endsAt: number; onContinue: () => void }) {
  const now = useNow(200);
  const left = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <div role="status" className="pointer-events-auto absolute right-2 bottom-2 flex items-center gap-2 rounded-full bg-black/75 py-1 pr-1 pl-3 text-xs text-white backdrop-blur-sm">
      <span className="tabular-nums" data-testid="hold-countdown">
        Drawing · plays on in {left} s
      </span>
      <button type="button" onClick={onContinue} className="rounded-full bg-white/20 px-2 py-0.5 font-semibold outline-none hover:bg-white/30 focus-visible:ring-2 focus-visible:ring-white/70">
        Continue
      </button>
    </div>
  );
}
