import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CredentialError, loadCredential, type Credential } from '@facturo/cfdi/credentials';
import { buildCfdi40 } from '@facturo/cfdi/model';
import { sealCfdi } from '@facturo/cfdi/seal';
import { fromMexicoCityLocal, SandboxPac, toMexicoCityLocal } from '@facturo/cfdi/stamp';
import { writeXml } from '@facturo/cfdi/xml';
import { writeZip } from '../../../modules/cfdi-import/zip-writer';
import { fileSandboxStore } from '../../pac/file-sandbox-store';
import type { SatGateway } from '../sat-gateway';
import { sandboxArchive } from './sandbox-archive';
import {
  SatDownloadError, type SatDownloadQuery, type SatDownloadService, type SatDownloadSession, type SatRequestResult, type SatVerifyResult,
} from './port';

/** What the made-up suppliers write as the receptor (the account's name, postal code and régimen). */
export interface ReceptorFacts {
  nombre: string;
  cp: string;
  regimen: string;
}

export interface LocalSatOptions {
  /** DATA_DIR: the sandbox PAC's store (and its archive) and the local SAT's own solicitudes live under it. */
  dataDir: string;
  /** Verifications answered "aceptada"/"en proceso" before "terminada" (SAT takes minutes to hours). Default 1. */
  pendingPolls?: number;
  /** CFDI per package (SAT's are up to 200,000; small here so several packages are usual in tests). Default 100. */
  packageSize?: number;
  /** The receptor's data for the made-up received CFDI; defaults fit any RFC. */
  receptorOf?: (rfc: string) => Promise<ReceptorFacts | undefined>;
  /** SAT's certificate registry, to refuse a revoked e.firma as SAT does (CodEstatus 304). */
  gateway?: SatGateway;
  now?: () => Date;
}

interface Solicitud {
  id: string;
  rfc: string;
  tipo: SatDownloadQuery['tipo'];
  start: string;
  end: string;
  createdAt: string;
  verifications: number;
  /** Package id → UUIDs in it. */
  packages: Record<string, string[]>;
}

const SUPPLIERS_DIR = fileURLToPath(new URL('./suppliers/', import.meta.url));
const SUPPLIER_PASSWORD = '12345678a';

interface Supplier {
  rfc: string;
  nombre: string;
  regimen: string;
  cp: string;
  concepto: { claveProdServ: string; claveUnidad: string; descripcion: string };
}

/** Made-up suppliers with their own CSDs (suppliers/README.md), plus SAT's test taxpayer for any other account. */
const SUPPLIERS: Supplier[] = [
  { rfc: 'PLD190101AB1', nombre: 'PAPELERIA LA PLUMA DORADA', regimen: '601', cp: '44100', concepto: { claveProdServ: '14111500', claveUnidad: 'H87', descripcion: 'Papel bond carta, caja con 10 paquetes' } },
  { rfc: 'SLA180515C15', nombre: 'SERVICIOS DE LIMPIEZA ARCOIRIS', regimen: '601', cp: '64000', concepto: { claveProdServ: '76111500', claveUnidad: 'E48', descripcion: 'Servicio de limpieza de oficinas' } },
  { rfc: 'CBA170320D28', nombre: 'COMBUSTIBLES DEL BAJIO', regimen: '601', cp: '37000', concepto: { claveProdServ: '15101505', claveUnidad: 'LTR', descripcion: 'Combustible diésel' } },
  { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimen: '601', cp: '42501', concepto: { claveProdServ: '86101700', claveUnidad: 'E48', descripcion: 'Curso de capacitación' } },
];
const AMOUNTS = ['850.00', '1200.00', '2450.50', '399.90', '15000.00', '3120.75', '640.00'];

const credentials = new Map<string, Credential>();
function supplierCsd(rfc: string, at: Date): Credential | undefined {
  let cred = credentials.get(rfc);
  if (!cred) {
    cred = loadCredential({
      cer: readFileSync(path.join(SUPPLIERS_DIR, `${rfc}.cer`)),
      key: readFileSync(path.join(SUPPLIERS_DIR, `${rfc}.key`)),
      password: SUPPLIER_PASSWORD,
    }, { purpose: 'sello', now: new Date('2026-01-01T00:00:00Z') });
    credentials.set(rfc, cred);
  }
  const { validFrom, validTo } = cred.certificate;
  return at >= validFrom && at <= validTo ? cred : undefined;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The offline SAT (default): one local SAT shared with the sandbox PAC. A download of issued CFDI serves what
 * the sandbox stamped with the account as emisor in the period (its archive); of received CFDI, what it
 * stamped with the account as receptor, after first making up and stamping a few documents of the month
 * from made-up suppliers. Those are deterministic per account and month (same content, same seal, so the
 * PAC answers its first stamp): a second download brings duplicates, never new documents.
 *
 * It behaves as SAT does where the job must cope: the e.firma is checked (password, validity, revocation),
 * a solicitud is "aceptada"/"en proceso" for a while before "terminada", a period with nothing is
 * "rechazada" with 5004, an identical request while another is pending is 5005 and a third identical one
 * 5002 (SAT's lifetime limit of two). Its solicitudes live on disk, so they survive a restart as SAT's do.
 */
export function localSatDownloadService(opts: LocalSatOptions): SatDownloadService {
  const now = opts.now ?? (() => new Date());
  const pendingPolls = opts.pendingPolls ?? 1;
  const packageSize = Math.max(1, opts.packageSize ?? 100);
  const pacDir = path.join(opts.dataDir, 'sandbox-pac');
  const archive = sandboxArchive(path.join(pacDir, 'archive'));
  const dir = path.join(opts.dataDir, 'sat-local', 'solicitudes');
  mkdirSync(dir, { recursive: true });

  const fileOf = (id: string) => path.join(dir, `${id.replace(/[^A-Za-z0-9-]/g, '')}.json`);
  const save = (s: Solicitud) => {
    const tmp = `${fileOf(s.id)}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(s));
    renameSync(tmp, fileOf(s.id));
  };
  const load = (id: string): Solicitud | undefined => {
    try {
      return JSON.parse(readFileSync(fileOf(id), 'utf8')) as Solicitud;
    } catch {
      return undefined;
    }
  };
  const all = (): Solicitud[] => readdirSync(dir).filter((n) => n.endsWith('.json')).map((n) => load(n.slice(0, -5))).filter((s): s is Solicitud => !!s);

  /** Makes up (once: deterministic content) the month's received CFDI from the suppliers and stamps them. */
  async function makeReceived(rfc: string, start: string, end: string): Promise<void> {
    const [year, month] = start.slice(0, 7).split('-').map(Number) as [number, number];
    const seed = createHash('sha256').update(`${rfc}|${start.slice(0, 7)}`).digest();
    const count = 2 + (seed[0]! % 3);
    const receptor = (await opts.receptorOf?.(rfc)) ?? { nombre: 'CONTRIBUYENTE', cp: '06600', regimen: rfc.length === 12 ? '601' : '612' };
    const suppliers = SUPPLIERS.filter((s) => s.rfc !== rfc);
    const store = fileSandboxStore(pacDir);
    const nowLocal = toMexicoCityLocal(now());
    for (let i = 0; i < count; i++) {
      const supplier = suppliers[seed[1 + i]! % suppliers.length]!;
      const day = 1 + (seed[6 + i]! % daysIn(year, month));
      const hour = 9 + (seed[12 + i]! % 9);
      const fecha = `${start.slice(0, 7)}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:${String(seed[18 + i]! % 60).padStart(2, '0')}:00`;
      // SAT has nothing from the future, nor from after the period asked.
      if (fecha < start || fecha > end || fecha > nowLocal) continue;
      const at = fromMexicoCityLocal(fecha);
      if (!at) continue;
      const csd = supplierCsd(supplier.rfc, at);
      if (!csd) continue;
      const { root } = buildCfdi40({
        tipoDeComprobante: 'I', fecha, lugarExpedicion: supplier.cp, formaPago: '03', metodoPago: 'PUE',
        folio: String(100 + i), serie: 'SAT',
        emisor: { rfc: supplier.rfc, nombre: supplier.nombre, regimenFiscal: supplier.regimen },
        receptor: { rfc, nombre: receptor.nombre, domicilioFiscalReceptor: receptor.cp, regimenFiscalReceptor: receptor.regimen, usoCFDI: 'G03' },
        conceptos: [{
          ...supplier.concepto, cantidad: '1', valorUnitario: AMOUNTS[seed[24 + i]! % AMOUNTS.length]!,
          traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }],
        }],
      });
      const sealed = writeXml(sealCfdi(root, csd, { now: at }));
      // Stamped an hour after its Fecha (inside the PAC's 72-hour window), into the shared sandbox store.
      await new SandboxPac({ store, clock: () => new Date(at.getTime() + 3_600_000) }).stamp(sealed);
    }
  }

  const session = (rfc: string): SatDownloadSession => ({
    async request(q): Promise<SatRequestResult> {
      const same = all().filter((s) => s.rfc === rfc && s.tipo === q.tipo && s.start === q.start && s.end === q.end);
      if (same.some((s) => s.verifications < pendingPolls + 1)) {
        return { code: 5005, message: 'Solicitud duplicada: existe una solicitud vigente con los mismos parámetros', requestId: null };
      }
      if (same.length >= 2) {
        return { code: 5002, message: 'Se agotó las solicitudes de por vida: máximo para solicitudes con los mismos parámetros', requestId: null };
      }
      if (q.tipo === 'recibidos') await makeReceived(rfc, q.start, q.end);
      const uuids = [...archive.list(rfc, q.tipo, q.start, q.end).keys()];
      const id = randomUUID();
      const packages: Record<string, string[]> = {};
      for (let i = 0; i * packageSize < uuids.length; i++) {
        packages[`${id.toUpperCase()}_${String(i + 1).padStart(2, '0')}`] = uuids.slice(i * packageSize, (i + 1) * packageSize);
      }
      save({ id, rfc, tipo: q.tipo, start: q.start, end: q.end, createdAt: now().toISOString(), verifications: 0, packages });
      return { code: 5000, message: 'Solicitud Aceptada', requestId: id };
    },
    async verify(requestId): Promise<SatVerifyResult> {
      const s = load(requestId);
      if (!s || s.rfc !== rfc) return { code: 404, message: 'Error no controlado: la solicitud no existe', estado: 0, codigoEstado: 0, numeroCfdis: 0, packageIds: [] };
      s.verifications += 1;
      save(s);
      const ids = Object.keys(s.packages);
      const numeroCfdis = Object.values(s.packages).reduce((n, p) => n + p.length, 0);
      if (s.verifications <= pendingPolls) {
        return { code: 5000, message: 'Solicitud Aceptada', estado: s.verifications === 1 ? 1 : 2, codigoEstado: 5000, numeroCfdis: 0, packageIds: [] };
      }
      if (numeroCfdis === 0) {
        return { code: 5000, message: 'Solicitud Aceptada', estado: 5, codigoEstado: 5004, numeroCfdis: 0, packageIds: [] };
      }
      return { code: 5000, message: 'Solicitud Aceptada', estado: 3, codigoEstado: 5000, numeroCfdis, packageIds: ids };
    },
    async download(packageId) {
      const s = load(packageId.split('_')[0]!.toLowerCase());
      const uuids = s && s.rfc === rfc ? s.packages[packageId] : undefined;
      if (!s || !uuids) return { code: 5007, message: 'No existe el paquete solicitado', content: null };
      const xmls = archive.list(rfc, s.tipo, s.start, s.end);
      const entries = uuids.filter((u) => xmls.has(u)).map((u) => ({ name: `${u}.xml`, data: xmls.get(u)! }));
      return { code: 5000, message: 'Solicitud Aceptada', content: writeZip(entries) };
    },
  });

  return {
    kind: 'local',
    async open(efirma, rfc) {
      let cred: Credential;
      try {
        cred = loadCredential(efirma, { purpose: 'efirma', now: now() });
      } catch (err) {
        if (err instanceof CredentialError) {
          const why = err.field === 'password' ? 'La contraseña de la e.firma no abre su llave privada' : err.message;
          throw new SatDownloadError('efirma', `El SAT rechazó la e.firma: ${why}`);
        }
        throw err;
      }
      if (cred.certificate.rfc !== rfc) {
        throw new SatDownloadError('efirma', `La e.firma es del RFC ${cred.certificate.rfc}, no del de tu cuenta (${rfc})`);
      }
      const status = await opts.gateway?.certificateStatus(rfc, cred.certificate.noCertificado);
      if (status && status.confirmed && !status.active) {
        throw new SatDownloadError('efirma', 'El SAT indica que el certificado de la e.firma está revocado o caducó (304): tramita una nueva');
      }
      return session(rfc);
    },
  };
}
