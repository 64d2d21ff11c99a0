import { Decimal } from '../../money/decimal';
import { pacError } from '../errors';
import type {
  AcceptRejectAnswer,
  CancelMotivo,
  CancelRequest,
  CfdiEstado,
  EsCancelable,
  EstatusCancelacion,
  SatStatus,
} from '../port';
import { PLAZO_RESPUESTA_MS, esCancelable, type CancellationFacts } from './cancellation-rules';

const UUID_PATTERN = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/** What the sandbox remembers about each CFDI it stamped. Plain JSON so any store can keep it. */
export interface SandboxDocument extends Omit<CancellationFacts, 'hasLiveRelatedDocuments'> {
  uuid: string;
  rfcEmisor: string;
  /** UUIDs of CFDIs this one relates to in a way that blocks their cancellation. */
  relatesTo: string[];
  /**
   * UUIDs this one substitutes (CfdiRelacionados TipoRelacion 04): SAT takes it as the folio de sustitución of
   * a motivo 01 cancellation of those only. Absent in records written before it was kept (not checked then).
   */
  sustituye?: string[];
  estado: Exclude<CfdiEstado, 'No Encontrado'>;
  estatusCancelacion: EstatusCancelacion;
  /** Frozen when the cancellation is requested; SAT keeps reporting it afterwards. */
  esCancelableAlSolicitar?: EsCancelable;
  /** Epoch ms of the pending request, while 'En proceso'. */
  solicitadaEn?: number;
  motivo?: CancelMotivo;
  folioSustitucion?: string;
}

/** Applies the passage of time: a request nobody answered in 72 h is cancelled by "plazo vencido". */
export function advance(doc: SandboxDocument, now: number): SandboxDocument {
  if (doc.estatusCancelacion === 'En proceso' && doc.solicitadaEn !== undefined && now - doc.solicitadaEn >= PLAZO_RESPUESTA_MS) {
    return { ...doc, estado: 'Cancelado', estatusCancelacion: 'Plazo vencido', solicitadaEn: undefined };
  }
  return doc;
}

/** SAT's status for a document as of `now`. */
export function statusOf(doc: SandboxDocument, now: number, hasLiveRelatedDocuments: boolean): SatStatus {
  const current = advance(doc, now);
  const cancelable =
    current.estado === 'Cancelado' || current.estatusCancelacion === 'En proceso'
      ? (current.esCancelableAlSolicitar ?? 'Cancelable sin aceptación')
      : esCancelable({ ...current, hasLiveRelatedDocuments }, now);
  return { estado: current.estado, esCancelable: cancelable, estatusCancelacion: current.estatusCancelacion };
}

/** Checks the motivo / folioSustitucion pairing SAT requires. */
export function checkCancelRequest(req: CancelRequest): void {
  if (!['01', '02', '03', '04'].includes(req.motivo)) {
    throw pacError('invalid-request', 'CA-MOTIVO', `El motivo de cancelación «${req.motivo}» no existe en el catálogo (01, 02, 03 o 04).`);
  }
  if (!UUID_PATTERN.test(req.uuid)) {
    throw pacError('invalid-request', 'CA-UUID', 'El UUID a cancelar no tiene el formato correcto.');
  }
  if (req.motivo === '01') {
    if (!req.folioSustitucion || !UUID_PATTERN.test(req.folioSustitucion)) {
      throw pacError(
        'invalid-request',
        'CA-FOLIO-REQUERIDO',
        'El motivo 01 requiere el folio fiscal (UUID) del comprobante que sustituye al cancelado.',
      );
    }
    if (req.folioSustitucion.toUpperCase() === req.uuid.toUpperCase()) {
      throw pacError('invalid-request', 'CA-FOLIO-REQUERIDO', 'El folio de sustitución no puede ser el mismo comprobante que se cancela.');
    }
  } else if (req.folioSustitucion) {
    throw pacError(
      'invalid-request',
      'CA-FOLIO-NO-PERMITIDO',
      `El folio de sustitución solo se informa con el motivo 01; el motivo ${req.motivo} no lo admite.`,
    );
  }
}

/** The outcome of a cancellation request: the new record and SAT's per-UUID code. */
export interface CancelTransition {
  doc: SandboxDocument;
  estatusUUID: '201' | '202';
}

/**
 * Applies a cancellation request to a stamped document. Throws PacError when SAT would refuse it
 * (wrong emisor, not cancelable, request already pending).
 */
export function requestCancellation(
  stored: SandboxDocument,
  req: CancelRequest,
  now: number,
  hasLiveRelatedDocuments: boolean,
): CancelTransition {
  checkCancelRequest(req);
  const doc = advance(stored, now);
  if (doc.rfcEmisor !== req.rfcEmisor.toUpperCase()) {
    throw pacError('invalid-request', '203', 'El UUID no corresponde al RFC del emisor que solicita la cancelación.');
  }
  if (req.rfcReceptor && doc.rfcReceptor !== req.rfcReceptor.toUpperCase()) {
    throw pacError('invalid-request', '203', 'El RFC del receptor no corresponde al del comprobante.');
  }
  if (req.total && !new Decimal(req.total).eq(new Decimal(doc.total))) {
    throw pacError('invalid-request', '203', 'El total no corresponde al del comprobante.');
  }
  if (doc.estado === 'Cancelado') return { doc, estatusUUID: '202' };
  if (doc.estatusCancelacion === 'En proceso') {
    throw pacError('conflict', '2001', 'Ya existe una solicitud de cancelación en proceso para este comprobante.');
  }
  const cancelable = esCancelable({ ...doc, hasLiveRelatedDocuments }, now);
  if (cancelable === 'No cancelable') {
    throw pacError(
      'rejected',
      'no_cancelable',
      'El comprobante tiene otros CFDI vigentes relacionados (pagos, notas de crédito); cancélelos primero.',
    );
  }
  const base = { ...doc, esCancelableAlSolicitar: cancelable, motivo: req.motivo, folioSustitucion: req.folioSustitucion };
  if (cancelable === 'Cancelable sin aceptación') {
    return { doc: { ...base, estado: 'Cancelado', estatusCancelacion: 'Cancelado sin aceptación' }, estatusUUID: '201' };
  }
  return { doc: { ...base, estatusCancelacion: 'En proceso', solicitadaEn: now }, estatusUUID: '201' };
}

/** The receptor's answer to a pending request. Rejection leaves the CFDI vigente. */
export function answerCancellation(stored: SandboxDocument, answer: AcceptRejectAnswer, now: number): SandboxDocument {
  const doc = advance(stored, now);
  if (doc.estatusCancelacion !== 'En proceso') {
    throw pacError('invalid-request', '1001', 'No hay una solicitud de cancelación pendiente de respuesta para este comprobante.');
  }
  if (answer === 'Aceptacion') {
    return { ...doc, estado: 'Cancelado', estatusCancelacion: 'Cancelado con aceptación', solicitadaEn: undefined };
  }
  if (answer === 'Rechazo') {
    return { ...doc, estatusCancelacion: 'Solicitud rechazada', solicitadaEn: undefined };
  }
  throw pacError('invalid-request', '1002', 'La respuesta debe ser «Aceptacion» o «Rechazo».');
}
