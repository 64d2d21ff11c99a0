import { loadConfig } from './config';
import type { ApiRuntime } from './runtime';
import { exitOnStartupError } from './startup-errors';

const started = performance.now();
let config: ReturnType<typeof loadConfig>;
let runtime: ApiRuntime;
try {
  // The settings are checked before the rest of the server is even loaded: a missing variable ends the
  // start in about a second, not after every module was imported (issue 25 §3: within 30 s on a busy machine).
  config = loadConfig();
  const { startApi } = await import('./runtime');
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
const { preloadCatalogs } = await import('@facturo/cfdi/catalogs/server');
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
