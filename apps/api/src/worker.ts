import { loadConfig } from './config';
import { startWorker } from './runtime';
import { exitOnStartupError } from './startup-errors';

let config: ReturnType<typeof loadConfig>;
let worker: Awaited<ReturnType<typeof startWorker>>;
try {
  config = loadConfig();
  worker = await startWorker(config);
} catch (err) {
  exitOnStartupError(err, '[worker]');
}
console.log(`[worker] atendiendo trabajos en segundo plano (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await worker.close();
    process.exit(0);
  });
}
