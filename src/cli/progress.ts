import { Presets, SingleBar } from 'cli-progress';
import type { Progress } from './metadata-commands.js';

/** A progress bar on the terminal's standard error (cli-progress). */
export function terminalProgress(): Progress {
  const bar = new SingleBar(
    { format: ' {bar} {value}/{total} records | {eta_formatted} left', stream: process.stderr },
    Presets.shades_classic,
  );
  let running = false;
  return {
    start(total) {
      bar.start(total, 0);
      running = true;
    },
    advance(by) {
      bar.increment(by);
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}
