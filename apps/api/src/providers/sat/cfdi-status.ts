import { Consumer, ConsumerClientResponse, type ConsumerClientInterface } from '@nodecfdi/sat-estado-cfdi';
import { verificationUrl } from '@facturo/cfdi/qr';
import { parseXml, textContent, type XmlElement } from '@facturo/cfdi/xml';
import type { StatusQuery } from '@facturo/cfdi/stamp';

/**
 * SAT's "Consulta de estado de CFDI" (ConsultaCFDIService): the status of any CFDI given its expresión impresa.
 * Two implementations: the real client (the @nodecfdi/sat-estado-cfdi consumer over our SOAP transport) and
 * the offline default, a local SAT that answers the truth for what the sandbox PAC stamped and cancelled.
 */

export type SatEstado = 'Vigente' | 'Cancelado' | 'No encontrado';

export interface CfdiSatStatus {
  /** SAT's CodigoEstatus text ("S - Comprobante obtenido satisfactoriamente." / "N - 602: Comprobante no encontrado."). */
  codigoEstatus: string;
  estado: SatEstado;
  esCancelable: string;
  estatusCancelacion: string;
  /** '200' when the emisor is not in SAT's EFOS list (69-B), '100' when it is. */
  validacionEFOS: string;
}

/** What SAT asks to find a CFDI: the data of the printed QR. */
export interface Expresion {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  /** Total as written in the XML. */
  total: string;
  /** The CFDI's Sello (its last 8 characters go into the expression). */
  sello: string;
}

export interface CfdiStatusPort {
  kind: 'sat' | 'local';
  consult(expr: Expresion): Promise<CfdiSatStatus>;
}

/** SAT status service could not be reached or answered something unreadable. */
export class SatUnavailableError extends Error {}

/** The expresión impresa of a CFDI 3.3/4.0 (the QR text), which is what SAT's service takes. */
export const expresionImpresa = (e: Expresion): string => verificationUrl(e);

export const CONSULTA_SOAP_ACTION = 'http://tempuri.org/IConsultaCFDIService/Consulta';

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SOAP 1.1 envelope SAT's service expects. */
export const consultaEnvelope = (expression: string): string =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tem="http://tempuri.org/">' +
  `<soapenv:Header/><soapenv:Body><tem:Consulta><tem:expresionImpresa>${escapeText(expression)}</tem:expresionImpresa></tem:Consulta>` +
  '</soapenv:Body></soapenv:Envelope>';

const findLocal = (root: XmlElement, local: string): XmlElement | undefined => {
  for (const c of root.children) {
    if (typeof c !== 'object' || !('local' in c)) continue;
    if (c.local === local) return c;
    const deeper = findLocal(c, local);
    if (deeper) return deeper;
  }
  return undefined;
};

/**
 * The transport the nodecfdi consumer delegates to: POSTs the envelope with fetch and reads ConsultaResult's
 * fields by local name (SAT prefixes them with `a:`, and sends EstatusCancelacion as i:nil when empty).
 */
export function soapConsumerClient(opts: { timeoutMs?: number; fetch?: typeof fetch } = {}): ConsumerClientInterface {
  const fetchFn = opts.fetch ?? fetch;
  return {
    async consume(uri: string, expression: string) {
      let text: string;
      try {
        const res = await fetchFn(uri, {
          method: 'POST',
          headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${CONSULTA_SOAP_ACTION}"` },
          body: consultaEnvelope(expression),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
        });
        text = await res.text();
        if (!res.ok) throw new SatUnavailableError(`El servicio de consulta del SAT respondió HTTP ${res.status}`);
      } catch (err) {
        if (err instanceof SatUnavailableError) throw err;
        throw new SatUnavailableError('No fue posible comunicarse con el servicio de consulta de CFDI del SAT; intenta más tarde');
      }
      let result: XmlElement | undefined;
      try {
        result = findLocal(parseXml(text), 'ConsultaResult');
      } catch {
        result = undefined;
      }
      if (!result) throw new SatUnavailableError('El servicio de consulta del SAT respondió algo ilegible');
      const values: Record<string, string | null> = {};
      for (const name of ['CodigoEstatus', 'Estado', 'EsCancelable', 'EstatusCancelacion', 'ValidacionEFOS']) {
        const el = findLocal(result, name);
        values[name] = el ? textContent(el).trim() : null;
      }
      const response = new ConsumerClientResponse();
      response.set(values);
      return response;
    },
  };
}

const ESTATUS_CANCELACION = ['En proceso', 'Cancelado sin aceptación', 'Cancelado con aceptación', 'Solicitud rechazada', 'Plazo vencido'];

/**
 * The real client: the nodecfdi Consumer decides the states from SAT's answer; the raw CodigoEstatus and
 * ValidacionEFOS are kept too (the consumer only says found / not found and included / excluded).
 */
export function satCfdiStatus(opts: { url?: string; timeoutMs?: number; fetch?: typeof fetch } = {}): CfdiStatusPort {
  const client = soapConsumerClient(opts);
  return {
    kind: 'sat',
    async consult(expr) {
      const raw = { codigo: '', efos: '', cancelacion: '' };
      const recording: ConsumerClientInterface = {
        async consume(uri, expression) {
          const response = await client.consume(uri, expression);
          Object.assign(raw, { codigo: response.get('CodigoEstatus'), efos: response.get('ValidacionEFOS'), cancelacion: response.get('EstatusCancelacion') });
          return response;
        },
      };
      const status = await new Consumer(recording, opts.url ?? Consumer.WEBSERVICE_URI_PRODUCTION).executeAsync(expresionImpresa(expr));
      const doc = status.getDocument();
      const cancellable = status.getCancellable();
      const estado: SatEstado = doc.isActive() ? 'Vigente' : doc.isCanceled() ? 'Cancelado' : 'No encontrado';
      return {
        codigoEstatus: raw.codigo,
        estado,
        esCancelable: estado === 'No encontrado' ? '' : cancellable.byDirectCall() ? 'Cancelable sin aceptación' : cancellable.byApproval() ? 'Cancelable con aceptación' : 'No cancelable',
        estatusCancelacion: ESTATUS_CANCELACION.find((e) => e === raw.cancelacion) ?? (/plazo vencido/i.test(raw.cancelacion) ? 'Plazo vencido' : ''),
        validacionEFOS: raw.efos || (status.getEfos().isExcluded() ? '200' : '100'),
      };
    },
  };
}

/** Anything that answers SAT's status for a query: the sandbox PAC (it knows what it stamped and cancelled). */
export interface StatusSource {
  status(query: StatusQuery): Promise<{ estado: string; esCancelable: string; estatusCancelacion: string }>;
}

/**
 * The offline default: a local SAT over the sandbox PAC's records. ValidacionEFOS says '100' when the emisor
 * is on the 69-B list (as SAT does), through `isEfos`.
 */
export function localCfdiStatus(source: StatusSource, isEfos: (rfc: string) => Promise<boolean> = async () => false): CfdiStatusPort {
  return {
    kind: 'local',
    async consult(expr) {
      const s = await source.status({ uuid: expr.uuid, rfcEmisor: expr.rfcEmisor, rfcReceptor: expr.rfcReceptor, total: expr.total });
      const found = s.estado !== 'No Encontrado';
      return {
        codigoEstatus: found ? 'S - Comprobante obtenido satisfactoriamente.' : 'N - 602: Comprobante no encontrado.',
        estado: found ? (s.estado as SatEstado) : 'No encontrado',
        esCancelable: found ? s.esCancelable : '',
        estatusCancelacion: found ? s.estatusCancelacion : '',
        validacionEFOS: (await isEfos(expr.rfcEmisor)) ? '100' : '200',
      };
    },
  };
}
