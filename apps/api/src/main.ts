import { preloadCatalogs } from '@facturo/cfdi/catalogs/server';
import { loadConfig } from './config';
import { startApi, type ApiRuntime } from './runtime';
import { exitOnStartupError } from './startup-errors';

const started = performance.now();
let config: ReturnType<typeof loadConfig>;
let runtime: ApiRuntime;
try {
  config = loadConfig();
  runtime = await startApi(config);
  await runtime.app.listen({ port: config.port, host: config.host });
} catch (err) {
  exitOnStartupError(err);
}
runtime.app.log.info(
  `Facturo listo en ${config.publicUrl} (${config.databaseUrl ? 'PostgreSQL' : 'PGlite embebido'}, ${Math.round(performance.now() - started)} ms)`,
);

// The big SAT catalogs (c_ClaveProdServ search index, c_CodigoPostal) load once the server listens,
// so start-up is not slowed and the first search does not pay for them.
const catalogsStarted = performance.now();
void preloadCatalogs().then(() => runtime.app.log.info(`Catálogos del SAT cargados (${Math.round(performance.now() - catalogsStarted)} ms)`));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await runtime.close();
    process.exit(0);
  });
}
