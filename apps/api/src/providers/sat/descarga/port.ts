/**
 * SAT's "descarga masiva" web service as the product uses it: authenticate with the taxpayer's e.firma,
 * send a solicitud (issued or received CFDI of a period, as XML), verify it until SAT says it is finished,
 * download each package (a ZIP of XML files). Two implementations: the real client (`sat-ws-client.ts`,
 * wrapping @nodecfdi/sat-ws-descarga-masiva) and the offline local SAT (`local-sat.ts`).
 *
 * Codes are SAT's own, passed through unchanged so the job decides what each means to the user:
 * CodEstatus 5000 accepted, 300–305 e.firma/request problems, 404 unexpected error; on a solicitud 5002
 * lifetime limit, 5003 maximum, 5005 duplicate; EstadoSolicitud 1 aceptada, 2 en proceso, 3 terminada,
 * 4 error, 5 rechazada, 6 vencida with CodigoEstadoSolicitud 5000/5002/5003/5004 (sin información)/5005;
 * on a download 5007 package not found and 5008 download limit.
 */

export type SatDownloadKind = 'emitidos' | 'recibidos';

/** The e.firma as stored (DER certificate, DER encrypted PKCS#8 key and its password). */
export interface EfirmaFiles {
  cer: Buffer;
  key: Buffer;
  password: string;
}

export interface SatDownloadQuery {
  tipo: SatDownloadKind;
  /** FechaInicial / FechaFinal as SAT takes them: local Mexico City time, `YYYY-MM-DDTHH:mm:ss`. */
  start: string;
  end: string;
}

export interface SatRequestResult {
  code: number;
  message: string;
  /** IdSolicitud when code is 5000. */
  requestId: string | null;
}

export interface SatVerifyResult {
  code: number;
  message: string;
  /** EstadoSolicitud: 1 aceptada, 2 en proceso, 3 terminada, 4 error, 5 rechazada, 6 vencida. */
  estado: number;
  /** CodigoEstadoSolicitud: 5000, 5002, 5003, 5004 (sin información), 5005. */
  codigoEstado: number;
  numeroCfdis: number;
  packageIds: string[];
}

export interface SatDownloadResult {
  code: number;
  message: string;
  /** The package as SAT sends it (base64-decoded), when code is 5000. */
  content: Buffer | null;
}

/** One authenticated conversation with SAT for one taxpayer (the token is kept and renewed inside). */
export interface SatDownloadSession {
  request(query: SatDownloadQuery): Promise<SatRequestResult>;
  verify(requestId: string): Promise<SatVerifyResult>;
  download(packageId: string): Promise<SatDownloadResult>;
}

export interface SatDownloadService {
  kind: 'local' | 'sat';
  /**
   * Opens a session with the e.firma. Throws SatDownloadError('efirma') when the e.firma cannot be used
   * (wrong password, not a FIEL, expired, revoked, refused by SAT) and ('unavailable') when SAT cannot be
   * reached. `rfc` is the account's: the e.firma must be its own.
   */
  open(efirma: EfirmaFiles, rfc: string): Promise<SatDownloadSession>;
}

export type SatDownloadErrorKind = 'efirma' | 'unavailable' | 'protocol';

/** What went wrong talking to SAT, with a Spanish message for the user. */
export class SatDownloadError extends Error {
  constructor(readonly kind: SatDownloadErrorKind, message: string) {
    super(message);
    this.name = 'SatDownloadError';
  }
}

/** SAT's CodEstatus values about the e.firma / signature (Autenticación, solicitud, verificación). */
export const EFIRMA_CODES: Record<number, string> = {
  300: 'El SAT no reconoce al usuario de la e.firma',
  301: 'El SAT recibió una solicitud mal formada',
  302: 'El SAT recibió un sello mal formado',
  303: 'El sello no corresponde al RFC solicitante',
  304: 'El SAT indica que el certificado de la e.firma está revocado o caducó',
  305: 'El SAT indica que el certificado de la e.firma no es válido',
};
