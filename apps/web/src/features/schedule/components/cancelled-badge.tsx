/** Marks a cancelled item (its title is struck through beside it). */
export function CancelledBadge() {
  return <span className="bg-destructive/10 text-destructive shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold">Cancelled</span>;
}

/** Marks an item that is over: nothing left to answer. */
export function EndedBadge() {
  return <span className="bg-muted text-muted-foreground shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold">Ended</span>;
}
