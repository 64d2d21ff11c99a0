// Test support only: a local HTTP server that speaks Finkok's SOAP protocol, backed by the sandbox PAC.
import { createPrivateKey } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeText, parseXml, type XmlElement } from '../../xml';
import { PacError } from '../errors';
import type { CancelMotivo } from '../port';
import type { SandboxPac } from '../sandbox/sandbox-pac';
import { FINKOK_NS } from './envelopes';
import { descendant, descendants, text } from './response';

export interface FakeFinkok {
  url: string;
  /** Every request received: SOAPAction and raw body. */
  requests: Array<{ path: string; soapAction: string; body: string }>;
  close(): Promise<void>;
}

const respond = (tns: string, method: string, inner: string): string =>
  `<?xml version='1.0' encoding='UTF-8'?><senv:Envelope xmlns:senv="${FINKOK_NS.soapenv}" xmlns:tns="${tns}" xmlns:s0="${FINKOK_NS.apps}">` +
  `<senv:Body><tns:${method}Response><tns:${method}Result>${inner}</tns:${method}Result></tns:${method}Response></senv:Body></senv:Envelope>`;

const fault = (message: string): string =>
  `<?xml version='1.0' encoding='UTF-8'?><senv:Envelope xmlns:senv="${FINKOK_NS.soapenv}"><senv:Body><senv:Fault>` +
  `<faultcode>senv:Client</faultcode><faultstring>${escapeText(message)}</faultstring></senv:Fault></senv:Body></senv:Envelope>`;

const field = (name: string, value: string): string => `<s0:${name}>${escapeText(value)}</s0:${name}>`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on a free port. Credentials other than `username`/`password` get an incidencia. */
export async function startFakeFinkok(pac: SandboxPac, username: string, password: string): Promise<FakeFinkok> {
  const requests: FakeFinkok['requests'] = [];

  const handle = async (path: string, soapAction: string, body: string): Promise<[number, string]> => {
    const envelope = parseXml(body);
    const bodyEl = envelope.children.find((c): c is XmlElement => 'local' in c && c.local === 'Body');
    if (envelope.local !== 'Envelope' || envelope.ns !== FINKOK_NS.soapenv || !bodyEl) return [500, fault('Sobre SOAP inválido')];
    const call = bodyEl.children.find((c): c is XmlElement => 'local' in c);
    if (!call || `"${call.local}"` !== soapAction) return [500, fault(`SOAPAction ${soapAction} no corresponde a ${call?.local}`)];
    const retentions = path.endsWith('/retentions');
    const expectedNs = path.endsWith('/stamp') ? FINKOK_NS.stamp : retentions ? FINKOK_NS.retentions : FINKOK_NS.cancel;
    if (call.ns !== expectedNs) return [500, fault(`Espacio de nombres inesperado ${call.ns}`)];
    const authOk = text(call, 'username') === username && text(call, 'password') === password;
    // The retentions service answers with the same shapes in its namespace; SAT's per-UUID codes there are 12xx.
    const tns = retentions ? FINKOK_NS.retentions : undefined;
    const isRetencionesDoc = (xml: string) => /<(?:[\w.-]+:)?Retenciones[\s>]/.test(xml.slice(0, 400));

    if (call.local === 'stamp' || call.local === 'quick_stamp') {
      if (!authOk) {
        return [200, respond(FINKOK_NS.stamp, call.local, `<s0:Incidencias><s0:Incidencia>${field('CodigoError', '702')}${field('MensajeIncidencia', 'Usuario o contraseña inválidos')}</s0:Incidencia></s0:Incidencias>`)];
      }
      const xml = Buffer.from(text(call, 'xml'), 'base64').toString('utf8');
      if (retentions !== isRetencionesDoc(xml)) {
        const msg = retentions ? 'El servicio de retenciones solo timbra CFDI de retenciones' : 'Este servicio no timbra CFDI de retenciones';
        return [200, respond(tns ?? FINKOK_NS.stamp, call.local, `<s0:xml></s0:xml><s0:Incidencias><s0:Incidencia>${field('CodigoError', '301')}${field('MensajeIncidencia', msg)}</s0:Incidencia></s0:Incidencias>`)];
      }
      try {
        const r = await pac.stamp(xml);
        const incid = r.previouslyStamped
          ? `<s0:Incidencias><s0:Incidencia>${field('CodigoError', '307')}${field('MensajeIncidencia', 'Comprobante timbrado previamente')}</s0:Incidencia></s0:Incidencias>`
          : '<s0:Incidencias/>';
        return [
          200,
          respond(
            tns ?? FINKOK_NS.stamp,
            call.local,
            field('xml', r.xml) + field('UUID', r.uuid) + field('Fecha', r.fechaTimbrado) + field('CodEstatus', 'Comprobante timbrado satisfactoriamente') +
              field('SatSeal', r.selloSAT) + incid + field('NoCertificadoSAT', r.noCertificadoSAT),
          ),
        ];
      } catch (err) {
        if (!(err instanceof PacError)) throw err;
        const incidencias = err.issues
          .map((i) => `<s0:Incidencia>${field('CodigoError', i.code)}${field('MensajeIncidencia', i.message)}</s0:Incidencia>`)
          .join('');
        return [200, respond(tns ?? FINKOK_NS.stamp, call.local, `<s0:xml></s0:xml><s0:Incidencias>${incidencias}</s0:Incidencias>`)];
      }
    }

    if (call.local === 'cancel') {
      if (!authOk) return [200, respond(tns ?? FINKOK_NS.cancel, 'cancel', field('CodEstatus', 'Usuario o contraseña inválidos'))];
      const code = (c: string) => (retentions && /^\d{3}$/.test(c) ? `1${c}` : c);
      const cer = Buffer.from(text(call, 'cer'), 'base64').toString('utf8');
      const keyPem = Buffer.from(text(call, 'key'), 'base64').toString('utf8');
      if (!cer.includes('BEGIN CERTIFICATE') || !keyPem.includes('ENCRYPTED')) return [200, respond(FINKOK_NS.cancel, 'cancel', field('CodEstatus', 'CSD inválido'))];
      createPrivateKey({ key: keyPem, passphrase: password }); // throws (→ HTTP 500) when not encrypted with the account password
      const folios: string[] = [];
      // Finkok hands SAT's acuse back as escaped text in Acuse (here the sandbox's signed one).
      let acuse = '';
      for (const item of descendants(descendant(call, 'UUIDS')!, 'UUID')) {
        const uuid = item.attrs.get('UUID')!;
        try {
          const r = await pac.cancel({
            rfcEmisor: text(call, 'taxpayer_id'),
            rfcReceptor: '',
            uuid,
            motivo: item.attrs.get('Motivo') as CancelMotivo,
            folioSustitucion: item.attrs.get('FolioSustitucion') || undefined,
            total: '',
          });
          acuse ||= r.acuse ?? '';
          folios.push(`<s0:Folio>${field('EstatusUUID', code(r.estatusUUID))}${field('UUID', uuid)}${field('EstatusCancelacion', retentions ? '' : r.estatusCancelacion)}</s0:Folio>`);
        } catch (err) {
          if (!(err instanceof PacError)) throw err;
          folios.push(`<s0:Folio>${field('EstatusUUID', code(err.codes[0] ?? ''))}${field('UUID', uuid)}${field('EstatusCancelacion', '')}</s0:Folio>`);
        }
      }
      return [
        200,
        respond(
          tns ?? FINKOK_NS.cancel,
          'cancel',
          `<s0:Folios>${folios.join('')}</s0:Folios>` + field('Acuse', acuse) + field('Fecha', '2026-03-10T12:00:00.000000') +
            field('RfcEmisor', text(call, 'taxpayer_id')) + field('CodEstatus', ''),
        ),
      ];
    }

    if (call.local === 'get_sat_status') {
      if (!authOk) return [200, respond(FINKOK_NS.cancel, 'get_sat_status', field('error', 'Usuario o contraseña inválidos'))];
      const s = await pac.status({
        uuid: text(call, 'uuid'),
        rfcEmisor: text(call, 'taxpayer_id'),
        rfcReceptor: text(call, 'rtaxpayer_id'),
        total: text(call, 'total'),
      });
      const codigo = s.estado === 'No Encontrado' ? 'N - 602: Comprobante no encontrado.' : 'S - Comprobante obtenido satisfactoriamente.';
      return [
        200,
        respond(
          FINKOK_NS.cancel,
          'get_sat_status',
          `<s0:sat>${field('CodigoEstatus', codigo)}${field('Estado', s.estado)}${field('EsCancelable', s.esCancelable)}${field('EstatusCancelacion', s.estatusCancelacion)}</s0:sat>`,
        ),
      ];
    }
    if (call.local === 'get_pending') {
      if (!authOk) return [200, respond(FINKOK_NS.cancel, 'get_pending', field('error', 'Usuario o contraseña inválidos'))];
      const pending = await pac.pendingCancellations(text(call, 'rtaxpayer_id'));
      return [200, respond(FINKOK_NS.cancel, 'get_pending', `<s0:uuids>${pending.map((p) => field('string', p.uuid)).join('')}</s0:uuids>`)];
    }

    if (call.local === 'accept_reject') {
      if (!authOk) return [200, respond(FINKOK_NS.cancel, 'accept_reject', field('error', 'Usuario o contraseña inválidos'))];
      const cer = Buffer.from(text(call, 'cer'), 'base64').toString('utf8');
      const keyPem = Buffer.from(text(call, 'key'), 'base64').toString('utf8');
      if (!cer.includes('BEGIN CERTIFICATE') || !keyPem.includes('ENCRYPTED')) return [200, respond(FINKOK_NS.cancel, 'accept_reject', field('error', 'CSD inválido'))];
      createPrivateKey({ key: keyPem, passphrase: password });
      const accepted: string[] = [];
      const rejected: string[] = [];
      for (const item of descendants(descendant(call, 'UUIDS_AR')!, 'UUID_AR')) {
        const uuid = text(item, 'uuid');
        const answer = text(item, 'respuesta');
        let status = '1000';
        try {
          await pac.answerCancellation(text(call, 'rtaxpayer_id'), uuid, answer as 'Aceptacion' | 'Rechazo');
        } catch (err) {
          if (!(err instanceof PacError)) throw err;
          status = err.codes[0] === '205' ? '1001' : (err.codes[0] ?? '1001');
        }
        (answer === 'Rechazo' ? rejected : accepted).push(`${field('status', status)}${field('uuid', uuid)}`);
      }
      return [
        200,
        respond(
          FINKOK_NS.cancel,
          'accept_reject',
          `<s0:aceptacion>${accepted.map((a) => `<s0:Acepta>${a}</s0:Acepta>`).join('')}</s0:aceptacion>` +
            `<s0:rechazo>${rejected.map((r) => `<s0:Rechaza>${r}</s0:Rechaza>`).join('')}</s0:rechazo>`,
        ),
      ];
    }
    return [500, fault(`Método desconocido ${call.local}`)];
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const soapAction = String(req.headers.soapaction ?? '');
      requests.push({ path: req.url ?? '', soapAction, body });
      let status: number;
      let payload: string;
      if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('text/xml')) {
        [status, payload] = [415, 'text/xml expected'];
      } else {
        try {
          [status, payload] = await handle(req.url ?? '', soapAction, body);
        } catch (err) {
          [status, payload] = [500, fault((err as Error).message)];
        }
      }
      res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' }).end(payload);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/servicios/soap`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
