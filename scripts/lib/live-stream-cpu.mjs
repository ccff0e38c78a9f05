// CPU of one live stream in copy mode (H.264/AAC in, nobody watching), sampled over SAMPLE_SECONDS as % of
// one core: the server process (node-media-server's RTMP plus our ingest work) and its ffmpeg children (the
// segmenter; the auto highlights' cheer analyzer, an audio decode, reported apart). Baseline, sampled in the
// same window: plain ffmpeg (the server's binary) reading the same FLV at real time, `-c copy -f hls -hls_time 1`.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exitWithin } from './bounded.mjs';
import { testStreamFile } from './live-test-stream.mjs';
import { children, commandLine, cpuWindow, descendants, executable } from './proc-stats.mjs';

const SAMPLE_SECONDS = 20;

const isFfmpeg = (cmd) => path.basename(cmd[0] ?? '') === 'ffmpeg';

export async function streamCpu(app, stream) {
  // This stream's: an ended event's ffmpeg may still be timing out on its input.
  const kids = children(app.pid).filter((pid) => isFfmpeg(commandLine(pid)) && commandLine(pid).some((arg) => arg.includes(stream.ingestKey)));
  const segmenters = kids.filter((pid) => commandLine(pid).includes('segment'));
  const analyzers = kids.filter((pid) => commandLine(pid).some((arg) => arg.includes('ebur128')));
  const others = kids.filter((pid) => !segmenters.includes(pid) && !analyzers.includes(pid));
  if (segmenters.length !== 1) throw new Error(`expected one segmenter ffmpeg under the server, found ${segmenters.length}`);
  const postgres = descendants(app.pid).filter((pid) => commandLine(pid)[0]?.includes('postgres'));

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamfilm-bench-hls-'));
  // prettier-ignore
  const plain = spawn(executable(segmenters[0]), [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', await testStreamFile(),
    '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', path.join(dir, 'index.m3u8'),
  ], { stdio: ['ignore', 'ignore', 'inherit'] });
  const plainExited = new Promise((r) => plain.once('exit', r));
  try {
    // Past ffmpeg's start-up (probing the input), which is not the steady cost.
    await new Promise((r) => setTimeout(r, 2000));
    const windows = {
      server: cpuWindow([app.pid]),
      segmenter: cpuWindow(segmenters),
      analyzer: cpuWindow(analyzers),
      others: cpuWindow(others),
      postgres: cpuWindow(postgres),
      publisher: cpuWindow([stream.publisher.child.pid]),
      plain: cpuWindow([plain.pid]),
    };
    await new Promise((r) => setTimeout(r, SAMPLE_SECONDS * 1000));
    const cpu = Object.fromEntries(Object.entries(windows).map(([name, end]) => [name, end()]));
    const ours = cpu.server + cpu.segmenter;
    const pct = (x) => `${x.toFixed(1)}%`;
    console.log(`\nCPU per live stream, copy mode (3 Mb/s H.264/AAC, no viewers, ${SAMPLE_SECONDS} s, % of one core):`);
    console.log(`  server process (node-media-server + ingest): ${pct(cpu.server)}, its segmenter ffmpeg: ${pct(cpu.segmenter)}; together ${pct(ours)}`);
    console.log(`  cheer analyzer ffmpeg (auto highlights, ${analyzers.length} running): ${pct(cpu.analyzer)}; PostgreSQL: ${pct(cpu.postgres)}${others.length ? `; other ffmpeg children: ${pct(cpu.others)}` : ''}`);
    console.log(`  all of it: ${pct(ours + cpu.analyzer + cpu.others + cpu.postgres)}   (the encoder, a stream copy from a file: ${pct(cpu.publisher)})`);
    console.log(`  baseline, plain ffmpeg -re -i <the same FLV> -c copy -f hls -hls_time 1: ${pct(cpu.plain)}; server + segmenter / baseline: ${(ours / cpu.plain).toFixed(1)}x`);
  } finally {
    plain.kill('SIGKILL');
    await exitWithin('the baseline ffmpeg (SIGKILL)', plain, plainExited, 10_000);
    await fs.rm(dir, { recursive: true, force: true });
  }
}
