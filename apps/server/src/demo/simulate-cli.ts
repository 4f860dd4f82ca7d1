import { parseSimulateCommand, progressLine, SIMULATE_USAGE } from './simulate-command.js';
import { runSimulator, SimulatorError } from './simulator.js';

/** `npm run simulate -- --url URL --key KEY [--rate N]`: see SIMULATE_USAGE. */
async function main(): Promise<number> {
  const command = parseSimulateCommand(process.argv.slice(2));
  if (typeof command === 'string') {
    console.error(`${command}\n\n${SIMULATE_USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    console.log(SIMULATE_USAGE);
    return 0;
  }
  const stop = new AbortController();
  process.on('SIGINT', () => {
    if (stop.signal.aborted) process.exit(130);
    console.log('\nStopping after the batch in flight (Ctrl-C again to quit at once)...');
    stop.abort();
  });
  process.on('SIGTERM', () => stop.abort());
  const { url, rate } = command.options;
  console.log(`Feeding ${url} at ${rate.toLocaleString('en')} plays a second (prefix ${command.options.prefix}). Ctrl-C stops.`);
  try {
    const stats = await runSimulator({
      ...command.options,
      signal: stop.signal,
      report: (progress) => console.log(`  ${progressLine(progress)}`),
      onRetry: ({ reason, delayMs }) =>
        console.log(`  ${reason.trim()}; sending the same batch again in ${(delayMs / 1000).toFixed(1)} s`),
      onSetUp: (setUp) =>
        console.log(
          `Its network (${command.options.prefix}-admin down to ${command.options.players} players): ${setUp.applied} events applied, ${setUp.duplicates} there already.`,
        ),
    });
    console.log(`Done: ${progressLine(stats)}`);
    return 0;
  } catch (err) {
    if (!(err instanceof SimulatorError)) throw err;
    console.error(err.message);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('simulate:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
