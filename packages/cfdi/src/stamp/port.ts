/**
 * The PAC port: what the application asks of any "Proveedor Autorizado de Certificación".
 * The sandbox PAC and every real PAC client implement it, so the API picks one by configuration
 * and never knows which it talks to.
 */

/** SAT cancellation reasons (Anexo 20, "motivo de cancelación"). */
export type CancelMotivo = '01' | '02' | '03' | '04';

export interface StampOptions {
  /**
   * A caller-chosen key that makes a retried request return the first stamp instead of stamping
   * twice. Without it the PAC still deduplicates by the document itself.
   */
  idempotencyKey?: string;
}

/** A stamped document: the XML with the TimbreFiscalDigital inside cfdi:Complemento. */
export interface StampResult {
  uuid: string;
  xml: string;
  /** As written in the TFD: local Mexico City time, no offset (e.g. 2026-03-01T10:00:00). */
  fechaTimbrado: string;
  noCertificadoSAT: string;
  selloSAT: string;
  /** The emisor's Sello, copied into the TFD as SelloCFD. */
  selloCFD: string;
  /** True when the PAC answered with a stamp it had already issued (retry or duplicate). */
  previouslyStamped: boolean;
}

export interface CancelRequest {
  rfcEmisor: string;
  rfcReceptor: string;
  uuid: string;
  motivo: CancelMotivo;
  /** Required (the substituting CFDI's UUID) when motivo is 01, forbidden otherwise. */
  folioSustitucion?: string;
  /** The document's Total as written in the XML. */
  total: string;
  /**
   * What is cancelled: a CFDI (default) or a Retenciones constancia. Real PACs take constancias on another
   * service (Finkok: /servicios/soap/retentions); the sandbox tells them apart by UUID and ignores it.
   */
  documento?: 'cfdi' | 'retenciones';
}

export type CfdiEstado = 'Vigente' | 'Cancelado' | 'No Encontrado';
export type EsCancelable = 'Cancelable sin aceptación' | 'Cancelable con aceptación' | 'No cancelable';
export type EstatusCancelacion =
  | 'En proceso'
  | 'Cancelado sin aceptación'
  | 'Cancelado con aceptación'
  | 'Solicitud rechazada'
  | 'Plazo vencido'
  | '';

/** SAT's answer to "consulta de estado del CFDI". */
export interface SatStatus {
  estado: CfdiEstado;
  esCancelable: EsCancelable;
  estatusCancelacion: EstatusCancelacion;
}

export interface CancelResult extends SatStatus {
  uuid: string;
  /** SAT's per-UUID code: 201 request accepted, 202 previously cancelled. */
  estatusUUID: string;
  /** The cancellation receipt (acuse) as given by the PAC, when there is one. */
  acuse?: string;
  /** When the request was received, local Mexico City time. */
  fecha: string;
}

/** Arguments of a status query. RFCs and total are what SAT's consulta service asks for. */
export interface StatusQuery {
  uuid: string;
  rfcEmisor?: string;
  rfcReceptor?: string;
  total?: string;
}

export type AcceptRejectAnswer = 'Aceptacion' | 'Rechazo';

/** What every PAC provides. */
export interface PacPort {
  /** Stamps an already sealed CFDI. Rejects with PacError when the PAC refuses it. */
  stamp(xml: string, opts?: StampOptions): Promise<StampResult>;
  /** Requests cancellation of a stamped CFDI. Rejects with PacError when the request is invalid. */
  cancel(req: CancelRequest): Promise<CancelResult>;
  /** Current SAT status of a CFDI. */
  status(query: StatusQuery | string): Promise<SatStatus>;
}

/**
 * A cancellation another emisor requested that waits for the receptor's answer (SAT's 72-hour flow).
 * PACs differ in what they tell: Finkok's get_pending gives only the UUIDs; the sandbox knows everything.
 */
export interface PendingCancellation {
  uuid: string;
  rfcEmisor?: string;
  rfcReceptor: string;
  total?: string;
  moneda?: string;
  motivo?: CancelMotivo;
  /** When the emisor asked (ISO 8601), when known. */
  solicitadaEn?: string;
  /** When SAT cancels it by "plazo vencido" if nobody answers (ISO 8601), when known. */
  plazo?: string;
}

/** The receptor's side of a cancellation that needs acceptance: its pending requests and its answer. */
export interface CancellationInboxPort {
  pendingCancellations(rfcReceptor: string): Promise<PendingCancellation[]>;
  /** Accepts or rejects a pending request addressed to `rfcReceptor`. Rejects with PacError when there is none. */
  answerCancellation(rfcReceptor: string, uuid: string, answer: AcceptRejectAnswer): Promise<{ uuid: string; answer: AcceptRejectAnswer; status: SatStatus | null }>;
}

/** The sandbox also plays the receptor's side of a cancellation that needs acceptance. */
export interface SandboxPacPort extends PacPort, CancellationInboxPort {
  acceptOrRejectCancellation(uuid: string, answer: AcceptRejectAnswer): Promise<SatStatus>;
}
