/**
 * The server's clock minus this device's, in ms, from a server time read by a request sent at `sentAt`
 * and answered at `receivedAt` (this device's clock): the server wrote it about halfway between.
 */
export function clockOffset(serverTime: number, sentAt: number, receivedAt: number): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}

/** "Now" on the server's clock: a phone whose clock is a minute off still names the right moment. */
export function serverNow(offsetMs: number, deviceNow = Date.now()): number {
  return deviceNow + offsetMs;
}
