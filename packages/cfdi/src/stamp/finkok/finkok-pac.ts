import type { KeyObject } from 'node:crypto';
import { textContent } from '../../xml';
import { PacError, pacError } from '../errors';
import type {
  AcceptRejectAnswer,
  CancellationInboxPort,
  CancelRequest,
  CancelResult,
  CfdiEstado,
  EsCancelable,
  EstatusCancelacion,
  PacPort,
  PendingCancellation,
  SatStatus,
  StampOptions,
  StampResult,
  StatusQuery,
} from '../port';
import { acceptRejectEnvelope, cancelEnvelope, pendingEnvelope, retentionStampEnvelope, satStatusEnvelope, stampEnvelope, type FinkokStampMethod } from './envelopes';
import { descendant, descendants, errorElement, incidencias, soapResult, text } from './response';

/** Finkok's SOAP endpoints. */
export const FINKOK_ENDPOINTS = {
  demo: {
    stamp: 'https://demo-facturacion.finkok.com/servicios/soap/stamp',
    cancel: 'https://demo-facturacion.finkok.com/servicios/soap/cancel',
    retentions: 'https://demo-facturacion.finkok.com/servicios/soap/retentions',
  },
  production: {
    stamp: 'https://facturacion.finkok.com/servicios/soap/stamp',
    cancel: 'https://facturacion.finkok.com/servicios/soap/cancel',
    retentions: 'https://facturacion.finkok.com/servicios/soap/retentions',
  },
} as const;

/** The emisor's CSD, which Finkok's `cancel` method needs to sign SAT's request. */
export interface FinkokCancelCsd {
  /** The CSD certificate in PEM. */
  certificatePem: string;
  privateKey: KeyObject;
}

export interface FinkokPacOptions {
  username: string;
  password: string;
  /** 'demo' (default) or 'production', or explicit endpoint URLs (retentions: Retenciones stamp and cancel). */
  environment?: 'demo' | 'production' | FinkokEndpoints;
  /** stamp (default: waits for SAT) or quick_stamp (answers at once, SAT later). */
  stampMethod?: FinkokStampMethod;
  /** Returns the CSD of an emisor RFC, needed only to cancel. */
  csdFor?: (rfc: string) => Promise<FinkokCancelCsd> | FinkokCancelCsd;
  /** Per-request timeout. Default 60 s (stamping can wait on SAT). */
  timeoutMs?: number;
  /** Injectable for tests; default global fetch. */
  fetch?: typeof fetch;
}

export interface FinkokEndpoints {
  stamp: string;
  cancel: string;
  /** The Retenciones service; without it constancias are refused before any request. */
  retentions?: string;
}

/** A Retenciones constancia (2.0 or 1.0) rather than a CFDI: its root element, whatever its prefix. */
export const isRetencionesXml = (xml: string): boolean => /^(?:\uFEFF)?(?:<\?[^?]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:[\w.-]+:)?Retenciones[\s>/]/.test(xml);

/** Finkok codes meaning "already stamped": the answer still carries the original stamp. */
const PREVIOUSLY_STAMPED = new Set(['307']);

/** PAC port over Finkok's documented SOAP protocol, with hand-written envelopes. */
export class FinkokPac implements PacPort, CancellationInboxPort {
  private readonly endpoints: FinkokEndpoints;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly opts: FinkokPacOptions) {
    const env = opts.environment ?? 'demo';
    this.endpoints = typeof env === 'string' ? FINKOK_ENDPOINTS[env] : env;
    this.fetchFn = opts.fetch ?? fetch;
  }

  /**
   * Stamps through Finkok. The idempotency key is not sent: Finkok deduplicates by document
   * (incidencia 307 with the original stamp), which is what a retry needs.
   */
  async stamp(xml: string, _opts: StampOptions = {}): Promise<StampResult> {
    // A constancia goes to the retentions service (its only method is stamp); a CFDI to stamp / quick_stamp.
    const retention = isRetencionesXml(xml);
    const method = retention ? 'stamp' : (this.opts.stampMethod ?? 'stamp');
    const result = soapResult(
      retention
        ? await this.call(this.retentionsUrl(), 'stamp', retentionStampEnvelope(xml, this.opts))
        : await this.call(this.endpoints.stamp, method, stampEnvelope(method, xml, this.opts)),
      `${method}Result`,
    );
    const issues = incidencias(result);
    const stampedXml = text(result, 'xml');
    const uuid = text(result, 'UUID');
    if (!stampedXml || !uuid) {
      throw new PacError('rejected', issues.length > 0 ? issues : [{ code: 'FINKOK', message: text(result, 'CodEstatus') || 'El PAC no timbró el comprobante.' }]);
    }
    const tfdAttr = (name: string) => new RegExp(`<[\\w]*:?TimbreFiscalDigital[^>]*\\s${name}="([^"]*)"`).exec(stampedXml)?.[1] ?? '';
    return {
      uuid: uuid.toUpperCase(),
      xml: stampedXml,
      fechaTimbrado: tfdAttr('FechaTimbrado') || text(result, 'Fecha'),
      noCertificadoSAT: text(result, 'NoCertificadoSAT') || tfdAttr('NoCertificadoSAT'),
      selloSAT: text(result, 'SatSeal') || tfdAttr('SelloSAT'),
      selloCFD: tfdAttr('SelloCFD'),
      previouslyStamped: issues.some((i) => PREVIOUSLY_STAMPED.has(i.code)),
    };
  }

  private retentionsUrl(): string {
    if (!this.endpoints.retentions) throw pacError('invalid-request', 'RETENCIONES', 'Este PAC no tiene configurado el servicio de retenciones.');
    return this.endpoints.retentions;
  }

  /** The CSD as Finkok takes it: certificate PEM and the key as PEM encrypted (3DES) with the account password, both base64. */
  private async csdFields(rfc: string, purpose = 'cancelar'): Promise<{ cer: string; key: string }> {
    if (!this.opts.csdFor) throw pacError('invalid-request', 'CSD', `Para ${purpose} con Finkok se requiere el CSD del contribuyente.`);
    const csd = await this.opts.csdFor(rfc);
    return {
      cer: Buffer.from(csd.certificatePem, 'utf8').toString('base64'),
      key: Buffer.from(
        csd.privateKey.export({ type: 'pkcs1', format: 'pem', cipher: 'des-ede3-cbc', passphrase: this.opts.password }) as string,
        'utf8',
      ).toString('base64'),
    };
  }

  /**
   * Cancels a Retenciones constancia on the retentions service. SAT answers per UUID with its retenciones codes
   * (1201 request accepted, 1202 previously cancelled); constancias are cancelled without the receptor's acceptance.
   */
  private async cancelRetention(req: CancelRequest): Promise<CancelResult> {
    const url = this.retentionsUrl();
    const csd = await this.csdFields(req.rfcEmisor);
    const envelope = cancelEnvelope({
      username: this.opts.username, password: this.opts.password, taxpayerId: req.rfcEmisor,
      items: [{ uuid: req.uuid, motivo: req.motivo, folioSustitucion: req.folioSustitucion }], ...csd,
    }, 'retentions');
    const result = soapResult(await this.call(url, 'cancel', envelope), 'cancelResult');
    const folio = descendants(result, 'Folio').find((f) => text(f, 'UUID').toUpperCase() === req.uuid.toUpperCase());
    if (!folio) {
      throw errorElement(result) ?? pacError('rejected', text(result, 'CodEstatus') || 'FINKOK', 'El PAC no aceptó la solicitud de cancelación de la retención.');
    }
    const estatusUUID = text(folio, 'EstatusUUID');
    if (estatusUUID !== '1201' && estatusUUID !== '1202') throw pacError('rejected', estatusUUID || 'FINKOK', retentionCancelCodeMessage(estatusUUID));
    return {
      uuid: req.uuid.toUpperCase(),
      estatusUUID,
      estado: 'Cancelado',
      esCancelable: 'Cancelable sin aceptación',
      estatusCancelacion: 'Cancelado sin aceptación',
      acuse: text(result, 'Acuse') || undefined,
      fecha: text(result, 'Fecha'),
    };
  }

  async cancel(req: CancelRequest): Promise<CancelResult> {
    if (req.documento === 'retenciones') return this.cancelRetention(req);
    const envelope = cancelEnvelope({
      username: this.opts.username,
      password: this.opts.password,
      taxpayerId: req.rfcEmisor,
      items: [{ uuid: req.uuid, motivo: req.motivo, folioSustitucion: req.folioSustitucion }],
      ...(await this.csdFields(req.rfcEmisor, 'cancelar')),
    });
    const result = soapResult(await this.call(this.endpoints.cancel, 'cancel', envelope), 'cancelResult');
    const folio = descendants(result, 'Folio').find((f) => text(f, 'UUID').toUpperCase() === req.uuid.toUpperCase());
    if (!folio) {
      throw errorElement(result) ?? pacError('rejected', text(result, 'CodEstatus') || 'FINKOK', 'El PAC no aceptó la solicitud de cancelación.');
    }
    const estatusUUID = text(folio, 'EstatusUUID');
    const estatusCancelacion = asEstatusCancelacion(text(folio, 'EstatusCancelacion'));
    if (estatusUUID !== '201' && estatusUUID !== '202') {
      throw pacError('rejected', estatusUUID || 'FINKOK', cancelCodeMessage(estatusUUID));
    }
    const cancelled = estatusUUID === '202' || estatusCancelacion.startsWith('Cancelado') || estatusCancelacion === 'Plazo vencido';
    return {
      uuid: req.uuid.toUpperCase(),
      estatusUUID,
      estado: cancelled ? 'Cancelado' : 'Vigente',
      esCancelable: estatusCancelacion === 'En proceso' ? 'Cancelable con aceptación' : 'Cancelable sin aceptación',
      estatusCancelacion,
      acuse: text(result, 'Acuse') || undefined,
      fecha: text(result, 'Fecha'),
    };
  }

  async status(query: StatusQuery | string): Promise<SatStatus> {
    const q = typeof query === 'string' ? { uuid: query } : query;
    if (!q.rfcEmisor || !q.rfcReceptor || !q.total) {
      throw pacError('invalid-request', 'CONSULTA', 'La consulta de estado requiere RFC emisor, RFC receptor y total.');
    }
    const envelope = satStatusEnvelope({
      username: this.opts.username,
      password: this.opts.password,
      taxpayerId: q.rfcEmisor,
      rtaxpayerId: q.rfcReceptor,
      uuid: q.uuid,
      total: q.total,
    });
    const result = soapResult(await this.call(this.endpoints.cancel, 'get_sat_status', envelope), 'get_sat_statusResult');
    const error = errorElement(result);
    if (error) throw error;
    return {
      estado: asEstado(text(result, 'Estado')),
      esCancelable: asEsCancelable(text(result, 'EsCancelable')),
      estatusCancelacion: asEstatusCancelacion(text(result, 'EstatusCancelacion')),
    };
  }

  /** get_pending: Finkok tells only the UUIDs waiting for the receptor's answer. */
  async pendingCancellations(rfcReceptor: string): Promise<PendingCancellation[]> {
    const envelope = pendingEnvelope({ username: this.opts.username, password: this.opts.password, rtaxpayerId: rfcReceptor });
    const result = soapResult(await this.call(this.endpoints.cancel, 'get_pending', envelope), 'get_pendingResult');
    const error = errorElement(result);
    if (error) throw error;
    const list = descendant(result, 'uuids');
    const uuids = list ? descendants(list, 'string').map((e) => textContent(e).trim()) : [];
    return uuids.filter(Boolean).map((uuid) => ({ uuid: uuid.toUpperCase(), rfcReceptor: rfcReceptor.toUpperCase() }));
  }

  /** accept_reject with the receptor's CSD; SAT's answer code 1000 means the answer was received. */
  async answerCancellation(rfcReceptor: string, uuid: string, answer: AcceptRejectAnswer) {
    const envelope = acceptRejectEnvelope({
      username: this.opts.username,
      password: this.opts.password,
      rtaxpayerId: rfcReceptor,
      items: [{ uuid, respuesta: answer }],
      ...(await this.csdFields(rfcReceptor, 'responder una solicitud de cancelación')),
    });
    const result = soapResult(await this.call(this.endpoints.cancel, 'accept_reject', envelope), 'accept_rejectResult');
    const error = errorElement(result);
    if (error) throw error;
    const item = [...descendants(result, 'Acepta'), ...descendants(result, 'Rechaza')].find((e) => text(e, 'uuid').toUpperCase() === uuid.toUpperCase());
    const status = item ? text(item, 'status') : '';
    if (status !== '1000') throw pacError('rejected', status || 'FINKOK', answerCodeMessage(status));
    return { uuid: uuid.toUpperCase(), answer, status: null };
  }

  private async call(url: string, action: string, body: string): Promise<string> {
    let response: Response;
    try {
      response = await this.fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` },
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 60_000),
      });
    } catch (cause) {
      const err = pacError('unavailable', 'RED', 'No fue posible comunicarse con el PAC; intente de nuevo más tarde.');
      (err as Error & { cause?: unknown }).cause = cause;
      throw err;
    }
    const text = await response.text();
    // SOAP faults come with HTTP 500 and still carry a body worth reading.
    if (!response.ok && !text.includes('Envelope')) {
      throw pacError('unavailable', `HTTP${response.status}`, `El PAC respondió con error HTTP ${response.status}.`);
    }
    return text;
  }
}

const ESTADOS: CfdiEstado[] = ['Vigente', 'Cancelado', 'No Encontrado'];
const CANCELABLES: EsCancelable[] = ['Cancelable sin aceptación', 'Cancelable con aceptación', 'No cancelable'];
const ESTATUS: EstatusCancelacion[] = [
  'En proceso',
  'Cancelado sin aceptación',
  'Cancelado con aceptación',
  'Solicitud rechazada',
  'Plazo vencido',
];

const asEstado = (s: string): CfdiEstado => ESTADOS.find((e) => e === s) ?? 'No Encontrado';
const asEsCancelable = (s: string): EsCancelable => CANCELABLES.find((e) => e === s) ?? 'No cancelable';
/** SAT also writes "Cancelado por plazo vencido" in some answers. */
const asEstatusCancelacion = (s: string): EstatusCancelacion =>
  ESTATUS.find((e) => e === s) ?? (/plazo vencido/i.test(s) ? 'Plazo vencido' : '');

/** Spanish text for SAT's per-UUID codes of a retenciones cancellation (12xx). */
function retentionCancelCodeMessage(code: string): string {
  switch (code) {
    case '1203':
      return 'La retención no corresponde al RFC del emisor.';
    case '1205':
      return 'La retención no existe o aún no está registrada en el SAT.';
    default:
      return `El SAT no aceptó la cancelación de la retención (código ${code || 'desconocido'}).`;
  }
}

/** Spanish text for SAT's per-UUID cancellation codes. */
function cancelCodeMessage(code: string): string {
  switch (code) {
    case '203':
      return 'El UUID no corresponde al RFC del emisor.';
    case '205':
      return 'El UUID no existe o aún no está registrado en el SAT.';
    case 'no_cancelable':
      return 'El comprobante no es cancelable: tiene CFDI relacionados vigentes.';
    default:
      return `El SAT no aceptó la cancelación (código ${code || 'desconocido'}).`;
  }
}

/** Spanish text for SAT's codes answering a receptor's acceptance or rejection. */
function answerCodeMessage(code: string): string {
  switch (code) {
    case '1001':
      return 'No existe una solicitud de cancelación en espera de respuesta para este UUID.';
    case '1002':
      return 'Ya se había respondido la solicitud de cancelación de este UUID.';
    case '1003':
      return 'El sello no corresponde al RFC receptor.';
    case '1005':
      return 'El UUID no tiene el formato correcto.';
    default:
      return `El SAT no recibió la respuesta (código ${code || 'desconocido'}).`;
  }
}
