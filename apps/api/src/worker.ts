import { loadConfig } from './config';
import { startWorker } from './runtime';

const config = loadConfig();
const worker = await startWorker(config);
console.log(`[worker] atendiendo trabajos en segundo plano (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await worker.close();
    process.exit(0);
  });
}
