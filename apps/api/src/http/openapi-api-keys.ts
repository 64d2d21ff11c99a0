import type { SwaggerTransformObject } from '@fastify/swagger';
import { API_KEY_EXAMPLES, API_KEY_ROUTES, routes, type RouteDef } from '@facturo/contract';

/**
 * Issue 29 §4 (decision 307): the public API in the OpenAPI document (/api/docs). Each entry an API key reaches
 * carries `x-api-key: true`, the "API pública" tag and the bearer scheme `apiKey`; its example (kept next to
 * the contract, packages/contract/src/api-key-examples.ts) fills the parameters, the JSON body and the answer.
 */

export const API_KEY_TAG = 'API pública';

/** The security scheme the document declares (swagger `openapi.components`). */
export const apiKeySecuritySchemes = {
  apiKey: {
    type: 'http', scheme: 'bearer', bearerFormat: 'fk_test_… | fk_live_…',
    description: 'Llave de API de la cuenta: Authorization: Bearer fk_test_… (PAC de pruebas, sin consumir timbres) o fk_live_…',
  },
} as const;

/** What `serve` adds to the route schema of an entry a key reaches. */
export function apiKeyRouteSchema(name: string): Record<string, unknown> {
  if (!API_KEY_ROUTES.has(name)) return {};
  return {
    description: 'API pública: acepta una llave de API (Authorization: Bearer fk_test_… o fk_live_…).',
    security: [{ apiKey: [] }],
    'x-api-key': true,
  };
}

type Operation = {
  operationId?: string;
  tags?: string[];
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }>; description?: string }>;
  'x-example'?: unknown;
};
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>>; tags?: { name: string; description?: string }[] };

/** swagger `transformObject`: the examples and the tag, written into the generated document (OpenAPI 3 only). */
export const withApiKeyExamples: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const { openapiObject } = documentObject;
  const doc = openapiObject as unknown as OpenApiDocument;
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(methods)) {
      const name = op.operationId;
      const ex = name ? API_KEY_EXAMPLES[name] : undefined;
      if (!name || !ex || !API_KEY_ROUTES.has(name)) continue;
      op.tags = [...new Set([...(op.tags ?? []), API_KEY_TAG])];
      op['x-example'] = ex;
      const values: Record<string, unknown> = { ...ex.request?.params, ...ex.request?.query };
      for (const p of op.parameters ?? []) if ((p.in === 'path' || p.in === 'query') && values[p.name] !== undefined) p.example = values[p.name];
      const json = op.requestBody?.content?.['application/json'];
      if (json && ex.request?.body !== undefined) json.example = ex.request.body;
      const def = (routes as Record<string, RouteDef>)[name]!;
      const answer = op.responses?.[String(def.status ?? 200)];
      const media = answer?.content?.['application/json'];
      if (media) media.example = ex.response;
      else if (answer && typeof ex.response === 'string') answer.description = ex.response;
    }
  }
  doc.tags = [...(doc.tags ?? []).filter((t) => t.name !== API_KEY_TAG), { name: API_KEY_TAG, description: 'Entradas que acepta una llave de API (decisión 307)' }];
  return openapiObject;
};
