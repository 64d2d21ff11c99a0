import { escapeAttr, escapeText } from '../../xml';
import type { CancelMotivo } from '../port';

/** Namespaces of Finkok's SOAP services (spyne-generated WSDLs). */
export const FINKOK_NS = {
  soapenv: 'http://schemas.xmlsoap.org/soap/envelope/',
  stamp: 'http://facturacion.finkok.com/stamp',
  cancel: 'http://facturacion.finkok.com/cancel',
  /** Retenciones e información de pagos: its own service (stamp and cancel), same message shapes. */
  retentions: 'http://facturacion.finkok.com/retentions',
  apps: 'apps.services.soap.core.views',
} as const;

export type FinkokStampMethod = 'stamp' | 'quick_stamp';

export interface FinkokAuth {
  username: string;
  password: string;
}

const element = (prefix: string, name: string, value: string): string =>
  `<${prefix}:${name}>${escapeText(value)}</${prefix}:${name}>`;

function envelope(prefix: string, ns: string, method: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${FINKOK_NS.soapenv}" xmlns:${prefix}="${ns}" xmlns:apps="${FINKOK_NS.apps}">` +
    `<soapenv:Header/><soapenv:Body><${prefix}:${method}>${body}</${prefix}:${method}></soapenv:Body></soapenv:Envelope>`
  );
}

/** stamp / quick_stamp: the sealed CFDI travels base64-encoded in `xml`. */
export function stampEnvelope(method: FinkokStampMethod, xml: string, auth: FinkokAuth): string {
  const body =
    element('stamp', 'xml', Buffer.from(xml, 'utf8').toString('base64')) +
    element('stamp', 'username', auth.username) +
    element('stamp', 'password', auth.password);
  return envelope('stamp', FINKOK_NS.stamp, method, body);
}

/** stamp on the retentions service: a sealed Retenciones constancia, base64-encoded in `xml`. */
export function retentionStampEnvelope(xml: string, auth: FinkokAuth): string {
  const body =
    element('ret', 'xml', Buffer.from(xml, 'utf8').toString('base64')) +
    element('ret', 'username', auth.username) +
    element('ret', 'password', auth.password);
  return envelope('ret', FINKOK_NS.retentions, 'stamp', body);
}

export interface FinkokCancelItem {
  uuid: string;
  motivo: CancelMotivo;
  folioSustitucion?: string;
}

export interface FinkokCancelArgs extends FinkokAuth {
  taxpayerId: string;
  items: FinkokCancelItem[];
  /** Base64 of the CSD certificate in PEM. */
  cer: string;
  /** Base64 of the CSD private key in PEM, encrypted with the Finkok account password (Finkok's rule). */
  key: string;
  storePending?: boolean;
}

/**
 * cancel: CSD-based cancellation; Finkok builds and signs SAT's request with the given CSD. The retentions
 * service takes the same message in its own namespace.
 */
export function cancelEnvelope(args: FinkokCancelArgs, service: 'cancel' | 'retentions' = 'cancel'): string {
  const [prefix, ns] = service === 'retentions' ? ['ret', FINKOK_NS.retentions] : ['can', FINKOK_NS.cancel];
  const uuids = args.items
    .map(
      (i) =>
        `<apps:UUID UUID="${escapeAttr(i.uuid)}" FolioSustitucion="${escapeAttr(i.folioSustitucion ?? '')}" Motivo="${escapeAttr(i.motivo)}"/>`,
    )
    .join('');
  const body =
    `<${prefix}:UUIDS>${uuids}</${prefix}:UUIDS>` +
    element(prefix, 'username', args.username) +
    element(prefix, 'password', args.password) +
    element(prefix, 'taxpayer_id', args.taxpayerId) +
    element(prefix, 'cer', args.cer) +
    element(prefix, 'key', args.key) +
    element(prefix, 'store_pending', String(args.storePending ?? false));
  return envelope(prefix, ns, 'cancel', body);
}

export interface FinkokSatStatusArgs extends FinkokAuth {
  taxpayerId: string;
  rtaxpayerId: string;
  uuid: string;
  total: string;
}

/** get_sat_status: SAT's consulta de estado through Finkok. */
export function satStatusEnvelope(args: FinkokSatStatusArgs): string {
  const body =
    element('can', 'username', args.username) +
    element('can', 'password', args.password) +
    element('can', 'taxpayer_id', args.taxpayerId) +
    element('can', 'rtaxpayer_id', args.rtaxpayerId) +
    element('can', 'uuid', args.uuid) +
    element('can', 'total', args.total);
  return envelope('can', FINKOK_NS.cancel, 'get_sat_status', body);
}

/** get_pending: the cancellation requests waiting for the receptor's answer (UUIDs only). */
export function pendingEnvelope(args: FinkokAuth & { rtaxpayerId: string }): string {
  const body =
    element('can', 'username', args.username) + element('can', 'password', args.password) + element('can', 'rtaxpayer_id', args.rtaxpayerId);
  return envelope('can', FINKOK_NS.cancel, 'get_pending', body);
}

export interface FinkokAcceptRejectArgs extends FinkokAuth {
  rtaxpayerId: string;
  items: Array<{ uuid: string; respuesta: 'Aceptacion' | 'Rechazo' }>;
  /** The receptor's CSD, as in cancelEnvelope (the receptor signs its answer). */
  cer: string;
  key: string;
}

/** accept_reject: the receptor's answer to pending cancellation requests. */
export function acceptRejectEnvelope(args: FinkokAcceptRejectArgs): string {
  const items = args.items
    .map((i) => `<apps:UUID_AR>${element('apps', 'uuid', i.uuid)}${element('apps', 'respuesta', i.respuesta)}</apps:UUID_AR>`)
    .join('');
  const body =
    `<can:UUIDS_AR>${items}</can:UUIDS_AR>` +
    element('can', 'username', args.username) +
    element('can', 'password', args.password) +
    element('can', 'rtaxpayer_id', args.rtaxpayerId) +
    element('can', 'cer', args.cer) +
    element('can', 'key', args.key);
  return envelope('can', FINKOK_NS.cancel, 'accept_reject', body);
}
