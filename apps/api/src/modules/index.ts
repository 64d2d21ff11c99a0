import type { FastifyInstance } from 'fastify';
import type { JobContext } from '../jobs/context';

/**
 * Feature modules (customers, products, employees, profile, catalogs, …) register here, each as
 * one line, so app.ts stays the map of cross-cutting concerns.
 */
export async function registerFeatureModules(_app: FastifyInstance, _ctx: JobContext): Promise<void> {}
