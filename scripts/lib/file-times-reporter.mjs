// A Vitest reporter for `npm test`: writes how long each test file held a worker (environment, import,
// setup, tests and hooks) to the JSON file named by FILE_TIMES_OUT, so scripts/test.mjs can print the
// slowest files of every Vitest run it started.
import fs from 'node:fs';

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const out = process.env.FILE_TIMES_OUT;
    if (!out) return;
    const times = testModules.map((m) => {
      const d = m.diagnostic();
      const importMs = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration;
      return { project: m.project.name, file: m.relativeModuleId, ms: importMs + d.duration, testsMs: d.duration, importMs };
    });
    fs.writeFileSync(out, JSON.stringify(times));
  }
}

/** The `count` slowest files of the runs written to `files`, as lines to print. */
export function slowestFiles(files, count = 10) {
  const times = files.flatMap((f) => {
    try {
      return JSON.parse(fs.readFileSync(f, 'utf8'));
    } catch {
      return [];
    }
  });
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  return times
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((t) => `${s(t.ms)}  ${t.project.padEnd(6)} ${t.file}  (tests and hooks ${s(t.testsMs).trim()}, import and setup ${s(t.importMs).trim()})`);
}
