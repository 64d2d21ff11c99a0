// Test support: a local HTTP server that speaks SAT's descarga masiva SOAP protocol (Autenticacion,
// SolicitaDescargaEmitidos/Recibidos, VerificaSolicitudDescarga, Descargar) with SAT's message shapes and
// codes, so the real client (@nodecfdi/sat-ws-descarga-masiva behind our port) is exercised end to end.
// Every signed request is checked: the RSA-SHA1 signature over SignedInfo must verify with the certificate
// the request carries, and that certificate must be a current e.firma of the RfcSolicitante.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomUUID, verify, X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface SolicitudSeen {
  action: 'SolicitaDescargaEmitidos' | 'SolicitaDescargaRecibidos';
  attrs: Record<string, string>;
  receptores: string[];
}

export interface VerifyAnswer {
  code?: number;
  message?: string;
  estado: number;
  codigoEstado?: number;
  numeroCfdis?: number;
  packages?: string[];
}

export interface SoapScript {
  /** Refuse every authentication with SAT's InvalidSecurity fault (a revoked or unknown e.firma). */
  authFault?: boolean;
  /** Answer HTTP 503 (SAT down) to this many calls before answering normally. */
  unavailableCalls?: number;
  request?: (s: SolicitudSeen) => { code: number; message?: string; id?: string };
  /** `n` counts the verifications of that solicitud (1, 2, …). */
  verify?: (id: string, n: number) => VerifyAnswer;
  download?: (packageId: string) => { code: number; message?: string; content?: Buffer };
}

export interface SoapSatServer {
  url: string;
  script: SoapScript;
  seen: { auth: number; authRfcs: string[]; requests: SolicitudSeen[]; verifies: string[]; downloads: string[]; badSignatures: number; unavailable: number };
  close(): Promise<void>;
}

const attrsOf = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([A-Za-z:]+)="([^"]*)"/g)) out[m[1]!] = m[2]!.replace(/&amp;/g, '&');
  return out;
};

const fault = (code: string, text: string) =>
  `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault><faultcode xmlns:a="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">${code}</faultcode><faultstring xml:lang="en-US">${text}</faultstring></s:Fault></s:Body></s:Envelope>`;

const body = (inner: string) =>
  `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">${inner}</s:Body></s:Envelope>`;

/** The signer's certificate, when the SignedInfo's RSA-SHA1 signature verifies with it. */
function checkSignature(xml: string, certB64: string | undefined): X509Certificate | undefined {
  const signedInfo = /<SignedInfo>[\s\S]*?<\/SignedInfo>/.exec(xml)?.[0];
  const value = /<SignatureValue>([^<]+)<\/SignatureValue>/.exec(xml)?.[1];
  if (!signedInfo || !value || !certB64) return undefined;
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(certB64.replace(/\s+/g, ''), 'base64'));
  } catch {
    return undefined;
  }
  // The client signs SignedInfo with its namespace declared, then writes it without (exclusive c14n puts it back).
  const canonical = signedInfo.replace('<SignedInfo>', '<SignedInfo xmlns="http://www.w3.org/2000/09/xmldsig#">');
  return verify('sha1', Buffer.from(canonical), cert.publicKey, Buffer.from(value, 'base64')) ? cert : undefined;
}

const rfcOf = (cert: X509Certificate) => /x500UniqueIdentifier=([A-Z&Ñ0-9]{12,13})|2\.5\.4\.45=([A-Z&Ñ0-9]{12,13})/.exec(cert.subject)?.slice(1).find(Boolean);

const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
});

export async function startSoapSat(script: SoapScript = {}): Promise<SoapSatServer> {
  const tokens = new Map<string, string>();
  const verifications = new Map<string, number>();
  const seen: SoapSatServer['seen'] = { auth: 0, authRfcs: [], requests: [], verifies: [], downloads: [], badSignatures: 0, unavailable: 0 };
  const state = { script };

  const server: Server = createServer(async (req, res) => {
    const xml = await read(req);
    const send = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(text);
    };
    const s = state.script;
    if ((s.unavailableCalls ?? 0) > 0) {
      s.unavailableCalls! -= 1;
      seen.unavailable += 1;
      return send(503, '<html><body>Service Unavailable</body></html>');
    }
    const action = String(req.headers.soapaction ?? '').replace(/"/g, '');

    if (action.endsWith('/IAutenticacion/Autentica')) {
      seen.auth += 1;
      const certB64 = /<o:BinarySecurityToken[^>]*>([^<]+)<\/o:BinarySecurityToken>/.exec(xml)?.[1];
      const cert = checkSignature(xml, certB64);
      const now = new Date();
      if (!cert || s.authFault) {
        if (!cert) seen.badSignatures += 1;
        return send(500, fault('a:InvalidSecurity', 'An error occurred when verifying security for the message.'));
      }
      if (new Date(cert.validTo) < now || !/emailProtection|clientAuth|1\.3\.6\.1\.5\.5\.7\.3\.[24]/.test(String(cert.keyUsage ?? ''))) {
        return send(500, fault('a:InvalidSecurity', 'An error occurred when verifying security for the message.'));
      }
      const token = `${randomUUID()}`;
      tokens.set(token, rfcOf(cert) ?? '');
      seen.authRfcs.push(rfcOf(cert) ?? '');
      const created = now.toISOString();
      const expires = new Date(now.getTime() + 5 * 60_000).toISOString();
      return send(200, `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:u="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd"><s:Header><o:Security xmlns:o="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd" s:mustUnderstand="1"><u:Timestamp u:Id="_0"><u:Created>${created}</u:Created><u:Expires>${expires}</u:Expires></u:Timestamp></o:Security></s:Header><s:Body><AutenticaResponse xmlns="http://DescargaMasivaTerceros.gob.mx"><AutenticaResult>${token}</AutenticaResult></AutenticaResponse></s:Body></s:Envelope>`);
    }

    // Every other call carries the token (WRAP access_token="…") and a signed request.
    const token = /access_token="([^"]+)"/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!token || !tokens.has(token)) return send(401, fault('a:InvalidSecurity', 'Token no válido'));
    const cert = checkSignature(xml, /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(xml)?.[1]);
    const solicitudTag = /<des:(?:solicitud|peticionDescarga)\s[^>]*>/.exec(xml)?.[0] ?? '';
    const attrs = attrsOf(solicitudTag);
    if (!cert || rfcOf(cert) !== attrs.RfcSolicitante || tokens.get(token) !== attrs.RfcSolicitante) {
      seen.badSignatures += 1;
      const name = action.split('/').pop();
      if (name === 'VerificaSolicitudDescarga') {
        return send(200, body(`<VerificaSolicitudDescargaResponse xmlns="http://DescargaMasivaTerceros.sat.gob.mx"><VerificaSolicitudDescargaResult CodEstatus="303" EstadoSolicitud="0" CodigoEstadoSolicitud="0" NumeroCFDIs="0" Mensaje="Sello no corresponde con RfcSolicitante"/></VerificaSolicitudDescargaResponse>`));
      }
      return send(200, body(`<${name}Response xmlns="http://DescargaMasivaTerceros.sat.gob.mx"><${name}Result CodEstatus="303" Mensaje="Sello no corresponde con RfcSolicitante"/></${name}Response>`));
    }

    const name = action.split('/').pop();
    if (name === 'SolicitaDescargaEmitidos' || name === 'SolicitaDescargaRecibidos') {
      const receptores = [...xml.matchAll(/<des:RfcReceptor>([^<]+)<\/des:RfcReceptor>/g)].map((m) => m[1]!);
      const seenReq: SolicitudSeen = { action: name, attrs, receptores };
      seen.requests.push(seenReq);
      const a = s.request?.(seenReq) ?? { code: 5000, id: randomUUID() };
      const id = a.code === 5000 ? (a.id ?? randomUUID()) : '';
      return send(200, body(`<${name}Response xmlns="http://DescargaMasivaTerceros.sat.gob.mx"><${name}Result IdSolicitud="${id}" CodEstatus="${a.code}" Mensaje="${a.message ?? (a.code === 5000 ? 'Solicitud Aceptada' : 'Solicitud no aceptada')}"/></${name}Response>`));
    }
    if (name === 'VerificaSolicitudDescarga') {
      const id = attrs.IdSolicitud!;
      seen.verifies.push(id);
      const n = (verifications.get(id) ?? 0) + 1;
      verifications.set(id, n);
      const v = s.verify?.(id, n) ?? { estado: 5, codigoEstado: 5004 };
      const pk = (v.packages ?? []).map((p) => `<IdsPaquetes>${p}</IdsPaquetes>`).join('');
      return send(200, body(`<VerificaSolicitudDescargaResponse xmlns="http://DescargaMasivaTerceros.sat.gob.mx"><VerificaSolicitudDescargaResult CodEstatus="${v.code ?? 5000}" EstadoSolicitud="${v.estado}" CodigoEstadoSolicitud="${v.codigoEstado ?? 5000}" NumeroCFDIs="${v.numeroCfdis ?? 0}" Mensaje="${v.message ?? 'Solicitud Aceptada'}">${pk}</VerificaSolicitudDescargaResult></VerificaSolicitudDescargaResponse>`));
    }
    if (name === 'Descargar') {
      const pkg = attrs.IdPaquete!;
      seen.downloads.push(pkg);
      const d = s.download?.(pkg) ?? { code: 5007, message: 'No existe el paquete solicitado' };
      return send(200, `<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header><h:respuesta CodEstatus="${d.code}" Mensaje="${d.message ?? 'Solicitud Aceptada'}" xmlns:h="http://DescargaMasivaTerceros.sat.gob.mx" xmlns="http://DescargaMasivaTerceros.sat.gob.mx"/></s:Header><s:Body xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><RespuestaDescargaMasivaTercerosSalida xmlns="http://DescargaMasivaTerceros.sat.gob.mx"><Paquete>${d.content ? d.content.toString('base64') : ''}</Paquete></RespuestaDescargaMasivaTercerosSalida></s:Body></s:Envelope>`);
    }
    return send(404, fault('s:Client', `Acción desconocida: ${action}`));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get script() {
      return state.script;
    },
    set script(v) {
      state.script = v;
    },
    seen,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
