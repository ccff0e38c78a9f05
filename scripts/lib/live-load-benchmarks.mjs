// The live numbers measured on one 3 Mb/s test stream (live-test-stream.mjs), in an order that keeps
// them apart: CPU per stream while nobody watches, then clip presses, then the viewers ramp.
import { clipLatency } from './live-clip-latency.mjs';
import { streamCpu } from './live-stream-cpu.mjs';
import { liveTestEvent } from './live-test-stream.mjs';
import { viewersLoad } from './live-viewers-load.mjs';

export async function liveLoadBenchmarks(app, db, user) {
  const stream = await liveTestEvent(app, user, 'Load bench');
  try {
    await streamCpu(app, stream);
    await clipLatency(app, user, stream);
    await viewersLoad(app, db, stream);
  } finally {
    await stream.publisher.stop();
  }
}
