import {
  CResponse, DateTimePeriod, DocumentStatus, DownloadType, Fiel, FielRequestBuilder, HttpServerError, QueryParameters,
  RequestType, Service, ServiceEndpoints, ServiceType, SoapFaultError, WebClientException,
  type CRequest, type WebClientInterface,
} from '@nodecfdi/sat-ws-descarga-masiva';
import { EFIRMA_CODES, SatDownloadError, type EfirmaFiles, type SatDownloadService, type SatDownloadSession } from './port';

/** SAT's four endpoints of the CFDI descarga masiva (the library's defaults) or a base URL with SAT's paths. */
export function satEndpoints(baseUrl?: string): ServiceEndpoints {
  if (!baseUrl) return ServiceEndpoints.cfdi();
  const base = baseUrl.replace(/\/+$/, '');
  return new ServiceEndpoints(
    `${base}/Autenticacion/Autenticacion.svc`,
    `${base}/SolicitaDescargaService.svc`,
    `${base}/VerificaSolicitudDescargaService.svc`,
    `${base}/DescargaMasivaService.svc`,
    new ServiceType('cfdi'),
  );
}

/**
 * The library's own web client speaks https only (node:https); this one uses fetch, so the same code talks
 * to SAT over https and to the protocol server of the test suite over http, with a timeout per call.
 */
export class FetchWebClient implements WebClientInterface {
  /** The network failure of the last call (the library turns it into an unreadable response otherwise). */
  networkError: Error | undefined;
  constructor(private readonly timeoutMs = 60_000) {}
  fireRequest(): void {}
  fireResponse(): void {}
  async call(request: CRequest): Promise<CResponse> {
    this.networkError = undefined;
    try {
      const res = await fetch(request.getUri(), {
        method: request.getMethod(),
        headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml', ...request.getHeaders() },
        body: request.getBody(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      return new CResponse(res.status, await res.text(), Object.fromEntries(res.headers));
    } catch (err) {
      this.networkError = err as Error;
      throw new WebClientException((err as Error).message, request, new CResponse(0, (err as Error).message, {}), err as Error);
    }
  }
}

const UNAVAILABLE = 'El servicio de descarga masiva del SAT no responde';

/** Library errors in the port's terms: network and 5xx → unavailable; a SOAP fault at authentication → e.firma. */
function translate(err: unknown, during: 'auth' | 'call', client: FetchWebClient): never {
  if (err instanceof SatDownloadError) throw err;
  if (client.networkError) {
    const cause = (client.networkError.cause as Error | undefined)?.message ?? client.networkError.message;
    throw new SatDownloadError('unavailable', `${UNAVAILABLE} (${cause})`);
  }
  if (err instanceof SoapFaultError) {
    const fault = err.getFault();
    if (during === 'auth') {
      throw new SatDownloadError('efirma', `El SAT rechazó la autenticación con la e.firma (${fault.getMessage() || fault.getCode()})`);
    }
    throw new SatDownloadError('protocol', `El SAT respondió con un error: ${fault.getMessage() || fault.getCode()}`);
  }
  if (err instanceof HttpServerError) throw new SatDownloadError('unavailable', `${UNAVAILABLE} (HTTP ${err.getResponse().getStatusCode()})`);
  if (err instanceof WebClientException) {
    const status = err.getResponse().getStatusCode();
    if (status === 0) throw new SatDownloadError('unavailable', `${UNAVAILABLE} (${err.message})`);
    throw new SatDownloadError('protocol', `El SAT respondió HTTP ${status}`);
  }
  throw new SatDownloadError('protocol', `Respuesta inesperada del SAT: ${(err as Error).message}`);
}

/** Loads the e.firma into the library's Fiel; a wrong password or a non-FIEL certificate is the e.firma's problem. */
function fielOf(efirma: EfirmaFiles, rfc: string): Fiel {
  let fiel: Fiel;
  try {
    fiel = Fiel.create(efirma.cer.toString('binary'), efirma.key.toString('binary'), efirma.password);
  } catch {
    throw new SatDownloadError('efirma', 'La contraseña de la e.firma no abre su llave privada, o la llave no corresponde al certificado');
  }
  if (!fiel.isValid()) throw new SatDownloadError('efirma', 'La e.firma no está vigente (o el certificado no es de e.firma): sube una vigente en tu perfil');
  if (fiel.getRfc().toUpperCase() !== rfc) throw new SatDownloadError('efirma', `La e.firma es del RFC ${fiel.getRfc()}, no del de tu cuenta (${rfc})`);
  return fiel;
}

/**
 * The real SAT: @nodecfdi/sat-ws-descarga-masiva builds and signs every envelope (Autentica, SolicitaDescarga
 * Emitidos/Recibidos, VerificaSolicitudDescarga, Descargar) and reads SAT's answers; this adapter only picks
 * the endpoints, the web client, and turns the results into the port's plain values.
 */
export function satWsDownloadService(opts: { baseUrl?: string; timeoutMs?: number } = {}): SatDownloadService {
  const endpoints = satEndpoints(opts.baseUrl);
  return {
    kind: 'sat',
    async open(efirma, rfc): Promise<SatDownloadSession> {
      const client = new FetchWebClient(opts.timeoutMs);
      const service = new Service(new FielRequestBuilder(fielOf(efirma, rfc)), client, null, endpoints);
      try {
        const token = await service.authenticate();
        if (!token.isValid()) throw new SatDownloadError('efirma', 'El SAT no entregó un token de acceso para la e.firma');
        service.setToken(token);
      } catch (err) {
        translate(err, 'auth', client);
      }
      const call = async <T>(work: () => Promise<T>): Promise<T> => {
        try {
          return await work();
        } catch (err) {
          translate(err, 'call', client);
        }
      };
      return {
        request: (q) => call(async () => {
          const period = DateTimePeriod.createFromValues(q.start.replace('T', ' '), q.end.replace('T', ' '));
          let params = QueryParameters.create(period, new DownloadType(q.tipo === 'emitidos' ? 'issued' : 'received'), new RequestType('xml'));
          // SAT serves received XML of current (vigente) documents only.
          if (q.tipo === 'recibidos') params = params.withDocumentStatus(new DocumentStatus('active'));
          const r = await service.query(params);
          const code = r.getStatus().getCode();
          return { code, message: r.getStatus().getMessage() ?? EFIRMA_CODES[code] ?? '', requestId: r.getRequestId() || null };
        }),
        verify: (requestId) => call(async () => {
          const v = await service.verify(requestId);
          return {
            code: v.getStatus().getCode(), message: v.getStatus().getMessage() ?? '', estado: v.getStatusRequest().getValue() ?? 0,
            codigoEstado: v.getCodeRequest().getValue() ?? 0, numeroCfdis: v.getNumberCfdis() || 0, packageIds: v.getPackageIds(),
          };
        }),
        download: (packageId) => call(async () => {
          const d = await service.download(packageId);
          const content = d.getPackageContent();
          return { code: d.getStatus().getCode(), message: d.getStatus().getMessage() ?? '', content: content ? Buffer.from(content, 'base64') : null };
        }),
      };
    },
  };
}
