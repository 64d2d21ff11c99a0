// Test support only: a local HTTP server that speaks SAT's ConsultaCFDIService (SOAP 1.1, action Consulta).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseXml, textContent, type XmlElement } from '@facturo/cfdi/xml';
import { CONSULTA_SOAP_ACTION } from './cfdi-status';

export interface ConsultaAnswer {
  CodigoEstatus: string;
  Estado: string;
  EsCancelable?: string;
  /** null is sent as i:nil, as SAT does for a document with no cancellation. */
  EstatusCancelacion?: string | null;
  ValidacionEFOS?: string;
}

export interface FakeConsulta {
  url: string;
  requests: Array<{ soapAction: string; expression: string; params: Record<string, string> }>;
  close(): Promise<void>;
}

const find = (root: XmlElement, local: string): XmlElement | undefined => {
  for (const c of root.children) {
    if (typeof c !== 'object' || !('local' in c)) continue;
    if (c.local === local) return c;
    const deeper = find(c, local);
    if (deeper) return deeper;
  }
  return undefined;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const consultaResponse = (a: ConsultaAnswer): string => {
  const field = (name: string, v: string | null | undefined) =>
    v === null || v === undefined ? `<a:${name} i:nil="true"/>` : `<a:${name}>${esc(v)}</a:${name}>`;
  return (
    '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><ConsultaResponse xmlns="http://tempuri.org/">' +
    '<ConsultaResult xmlns:a="http://schemas.datacontract.org/2004/07/Sat.Cfdi.Negocio.ConsultaCfdi.Servicio" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">' +
    field('CodigoEstatus', a.CodigoEstatus) + field('EsCancelable', a.EsCancelable) + field('Estado', a.Estado) +
    field('EstatusCancelacion', a.EstatusCancelacion) + field('ValidacionEFOS', a.ValidacionEFOS ?? '200') +
    '</ConsultaResult></ConsultaResponse></s:Body></s:Envelope>'
  );
};

/** The expression's query parameters (id, re, rr, tt, fe), whatever prefix it carries. */
export function expressionParams(expression: string): Record<string, string> {
  const q = expression.includes('?') ? expression.slice(expression.indexOf('?') + 1) : expression;
  const out: Record<string, string> = {};
  for (const part of q.split('&')) {
    const at = part.indexOf('=');
    if (at > 0) out[part.slice(0, at)] = part.slice(at + 1).replace(/&amp;/g, '&');
  }
  return out;
}

/**
 * Starts the fake on a free port. `answer` decides each reply from the expression's parameters; returning
 * 'fault' answers HTTP 500 with a SOAP fault (SAT's service under load does that).
 */
export async function startFakeConsulta(answer: (params: Record<string, string>) => Promise<ConsultaAnswer | 'fault'> | ConsultaAnswer | 'fault'): Promise<FakeConsulta> {
  const requests: FakeConsulta['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const soapAction = String(req.headers.soapaction ?? '');
        const body = Buffer.concat(chunks).toString('utf8');
        let expression: string;
        try {
          const el = find(parseXml(body), 'expresionImpresa');
          expression = el ? textContent(el) : '';
        } catch {
          expression = '';
        }
        const params = expressionParams(expression);
        requests.push({ soapAction, expression, params });
        if (soapAction !== `"${CONSULTA_SOAP_ACTION}"` || !expression) {
          res.writeHead(500, { 'content-type': 'text/xml' }).end('<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault><faultstring>Solicitud inválida</faultstring></s:Fault></s:Body></s:Envelope>');
          return;
        }
        const a = await answer(params);
        if (a === 'fault') {
          res.writeHead(500, { 'content-type': 'text/xml' }).end('<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault><faultstring>Servicio no disponible</faultstring></s:Fault></s:Body></s:Envelope>');
          return;
        }
        res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(consultaResponse(a));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/ConsultaCFDIService.svc`, requests, close: () => new Promise((r) => server.close(() => r())) };
}
