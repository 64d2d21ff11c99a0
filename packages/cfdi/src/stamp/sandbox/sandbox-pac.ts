import { createHash, randomUUID } from 'node:crypto';
import { Decimal } from '../../money/decimal';
import { cadenaOriginal, cadenaTfd } from '../../cadena';
import { signData } from '../../credentials';
import { XmlInputError, parseXml, writeXml, type XmlElement } from '../../xml';
import { PacError, pacError, type PacIssue } from '../errors';
import { toMexicoCityLocal } from '../mexico-time';
import type {
  AcceptRejectAnswer,
  CancelRequest,
  CancelResult,
  PendingCancellation,
  SandboxPacPort,
  SatStatus,
  StampOptions,
  StampResult,
  StatusQuery,
} from '../port';
import { buildTfd, insertTfd } from '../tfd';
import { buildSandboxAcuse } from './acuse';
import { advance, answerCancellation, requestCancellation, statusOf, type SandboxDocument } from './cancellation-flow';
import { PLAZO_RESPUESTA_MS } from './cancellation-rules';
import { loadSandboxCredentials, type SandboxCredentials } from './credentials';
import { checkDocumentForStamping } from './document-checks';
import { describeStamped } from './document-facts';
import { satRulesValidator } from './sat-rules-validator';
import { MemorySandboxStore, type SandboxStore } from './store';

/** Extra document rules run before stamping (e.g. the SAT validation matrix). Only 'error' issues refuse. */
export type SandboxValidator = (root: XmlElement, now: Date) => Array<PacIssue & { severity?: 'error' | 'warning' }>;

export interface SandboxPacOptions {
  /** Where stamps and cancellation state live. Default: in memory. */
  store?: SandboxStore;
  /** "Now"; inject a fake clock in tests. */
  clock?: () => Date;
  /** Signing material; default the committed sandbox certificate. */
  credentials?: SandboxCredentials;
  /**
   * Document rules beyond the PAC checks (see {@link SandboxValidator}). Default: SAT's validation
   * matrix ({@link satRulesValidator}); `false` stamps anything well sealed (tests of other flows).
   */
  validate?: SandboxValidator | false;
  /** Written as the TFD's Leyenda. */
  leyenda?: string;
}

/** Leyenda every sandbox TFD carries, so no one mistakes its stamps for real ones. */
export const SANDBOX_LEYENDA = 'PAC SANDBOX - SIN VALIDEZ FISCAL';

const NOT_FOUND: SatStatus = { estado: 'No Encontrado', esCancelable: 'No cancelable', estatusCancelacion: '' };

/**
 * A PAC that runs inside the application: checks and stamps CFDI with a real TFD 1.1 signed by
 * its own (non-SAT) certificate, and follows SAT's cancellation flow. Deterministic given its clock
 * and store, so tests and demos behave like production without a contract with a PAC.
 */
export class SandboxPac implements SandboxPacPort {
  private readonly store: SandboxStore;
  private readonly clock: () => Date;
  private readonly credentials: SandboxCredentials;
  private readonly validate: SandboxValidator | false;
  private readonly leyenda: string;
  /** Same document arriving twice at once: the second waits for the first instead of stamping again. */
  private readonly inFlight = new Map<string, Promise<StampResult>>();

  constructor(opts: SandboxPacOptions = {}) {
    this.store = opts.store ?? new MemorySandboxStore();
    this.clock = opts.clock ?? (() => new Date());
    this.credentials = opts.credentials ?? loadSandboxCredentials();
    this.validate = opts.validate ?? satRulesValidator;
    this.leyenda = opts.leyenda ?? SANDBOX_LEYENDA;
  }

  /** The sandbox's certificate number (NoCertificadoSAT of its stamps). */
  get noCertificado(): string {
    return this.credentials.noCertificado;
  }

  async stamp(xml: string, opts: StampOptions = {}): Promise<StampResult> {
    const root = parse(xml);
    const docKey = documentKey(root, xml);
    if (opts.idempotencyKey) {
      const bound = await this.store.get(`idem:${opts.idempotencyKey}`);
      if (bound && bound !== docKey) {
        throw pacError('conflict', 'IDEMPOTENCIA', 'La clave de idempotencia ya se usó para timbrar otro comprobante.');
      }
    }
    const pending = this.inFlight.get(docKey);
    if (pending) return { ...(await pending), previouslyStamped: true };
    const work = this.stampOnce(root, docKey, opts.idempotencyKey);
    this.inFlight.set(docKey, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(docKey);
    }
  }

  private async stampOnce(root: XmlElement, docKey: string, idempotencyKey?: string): Promise<StampResult> {
    const previous = await this.store.get(`stamp:${docKey}`);
    if (previous) {
      if (idempotencyKey) await this.store.put(`idem:${idempotencyKey}`, docKey);
      return { ...(JSON.parse(previous) as StampResult), previouslyStamped: true };
    }
    const now = this.clock();
    const issues = checkDocumentForStamping(root, now);
    // Rules written for CFDI 4.0 say nothing useful about a document that is not one.
    if (this.validate && !issues.some((i) => i.code === '301')) issues.push(...this.validate(root, now).filter((i) => i.severity !== 'warning'));
    if (issues.length > 0) throw new PacError('rejected', issues.map(({ code, message }) => ({ code, message })));

    const selloCFD = root.attrs.get('Sello') ?? '';
    const tfd = buildTfd({
      uuid: randomUUID().toUpperCase(),
      fechaTimbrado: toMexicoCityLocal(now),
      rfcProvCertif: this.credentials.rfc,
      leyenda: this.leyenda || undefined,
      selloCFD,
      noCertificadoSAT: this.credentials.noCertificado,
      selloSAT: '',
    });
    const selloSAT = signData(this.credentials.privateKey, cadenaTfd(tfd), 'sha256');
    tfd.attrs.set('SelloSAT', selloSAT);
    insertTfd(root, tfd);

    const result: StampResult = {
      uuid: tfd.attrs.get('UUID')!,
      xml: writeXml(root),
      fechaTimbrado: tfd.attrs.get('FechaTimbrado')!,
      noCertificadoSAT: this.credentials.noCertificado,
      selloSAT,
      selloCFD,
      previouslyStamped: false,
    };
    const record = describeStamped(root, result.uuid, now.getTime());
    await this.store.put(`stamp:${docKey}`, JSON.stringify(result));
    if (idempotencyKey) await this.store.put(`idem:${idempotencyKey}`, docKey);
    await this.saveDocument(record);
    for (const parent of record.relatesTo) {
      const children = await this.readJson<string[]>(`rel:${parent}`);
      await this.store.put(`rel:${parent}`, JSON.stringify([...(children ?? []), result.uuid]));
    }
    return result;
  }

  async cancel(req: CancelRequest): Promise<CancelResult> {
    const now = this.clock();
    const uuid = req.uuid.toUpperCase();
    const stored = await this.loadDocument(uuid);
    if (!stored) throw pacError('not-found', '205', 'El UUID no existe o no fue timbrado por este PAC.');
    const live = await this.hasLiveRelatedDocuments(uuid, now.getTime());
    const { doc, estatusUUID } = requestCancellation(stored, { ...req, uuid }, now.getTime(), live);
    // SAT only accepts a substitute that exists; checked after the request's own shape is valid.
    if (req.folioSustitucion) await this.checkSubstitute(req.folioSustitucion.toUpperCase(), uuid, now.getTime());
    await this.saveDocument(doc);
    if (doc.estatusCancelacion === 'En proceso') {
      // The receptor's inbox: SAT shows the request to the receptor until it answers or the 72 h pass.
      const key = `pending:${doc.rfcReceptor}`;
      const list = (await this.readJson<string[]>(key)) ?? [];
      if (!list.includes(uuid)) await this.store.put(key, JSON.stringify([...list, uuid]));
    }
    const fecha = toMexicoCityLocal(now);
    const acuse = buildSandboxAcuse(this.credentials, { fecha, rfcEmisor: doc.rfcEmisor, folios: [{ uuid, estatusUUID }], leyenda: this.leyenda || undefined });
    return { uuid, estatusUUID, ...statusOf(doc, now.getTime(), live), fecha, acuse };
  }

  /**
   * The folio de sustitución of a motivo 01: a CFDI this PAC stamped, vigente, that relates to the cancelled one with
   * TipoRelacion 04 (records older than that bookkeeping are taken as they are).
   */
  private async checkSubstitute(folio: string, cancelled: string, now: number): Promise<void> {
    const stored = await this.loadDocument(folio);
    if (!stored) throw pacError('invalid-request', 'CA-FOLIO-NO-EXISTE', 'El folio fiscal de sustitución no corresponde a un CFDI timbrado.');
    if (advance(stored, now).estado !== 'Vigente') {
      throw pacError('invalid-request', 'CA-FOLIO-CANCELADO', 'El CFDI de sustitución está cancelado; debe estar vigente.');
    }
    if (stored.tipoDeComprobante !== 'RET' && stored.sustituye && !stored.sustituye.includes(cancelled)) {
      throw pacError('invalid-request', 'CA-FOLIO-SIN-RELACION', 'El CFDI de sustitución no relaciona al cancelado con TipoRelacion 04 (sustitución de los CFDI previos).');
    }
  }

  async status(query: StatusQuery | string): Promise<SatStatus> {
    const q: StatusQuery = typeof query === 'string' ? { uuid: query } : query;
    const now = this.clock().getTime();
    const stored = await this.loadDocument(q.uuid.toUpperCase());
    if (!stored || !matchesQuery(stored, q)) return NOT_FOUND;
    const current = advance(stored, now);
    if (current !== stored) await this.saveDocument(current);
    return statusOf(current, now, await this.hasLiveRelatedDocuments(current.uuid, now));
  }

  async acceptOrRejectCancellation(uuid: string, answer: AcceptRejectAnswer): Promise<SatStatus> {
    const now = this.clock().getTime();
    const stored = await this.loadDocument(uuid.toUpperCase());
    if (!stored) throw pacError('not-found', '205', 'El UUID no existe o no fue timbrado por este PAC.');
    const doc = answerCancellation(stored, answer, now);
    await this.saveDocument(doc);
    return statusOf(doc, now, await this.hasLiveRelatedDocuments(doc.uuid, now));
  }

  /** Requests addressed to `rfcReceptor` still waiting for its answer (answered or expired ones drop out). */
  async pendingCancellations(rfcReceptor: string): Promise<PendingCancellation[]> {
    const now = this.clock().getTime();
    const key = `pending:${rfcReceptor.toUpperCase()}`;
    const uuids = (await this.readJson<string[]>(key)) ?? [];
    const out: PendingCancellation[] = [];
    for (const uuid of uuids) {
      const stored = await this.loadDocument(uuid);
      if (!stored) continue;
      const doc = advance(stored, now);
      if (doc !== stored) await this.saveDocument(doc);
      if (doc.estatusCancelacion !== 'En proceso' || doc.solicitadaEn === undefined) continue;
      out.push({
        uuid, rfcEmisor: doc.rfcEmisor, rfcReceptor: doc.rfcReceptor, total: doc.total, moneda: doc.moneda, motivo: doc.motivo,
        solicitadaEn: new Date(doc.solicitadaEn).toISOString(), plazo: new Date(doc.solicitadaEn + PLAZO_RESPUESTA_MS).toISOString(),
      });
    }
    if (out.length !== uuids.length) await this.store.put(key, JSON.stringify(out.map((p) => p.uuid)));
    return out;
  }

  /** The receptor's answer, refused (205) for a document that is not addressed to it. */
  async answerCancellation(rfcReceptor: string, uuid: string, answer: AcceptRejectAnswer) {
    const stored = await this.loadDocument(uuid.toUpperCase());
    if (!stored || stored.rfcReceptor !== rfcReceptor.toUpperCase()) {
      throw pacError('not-found', '205', 'El UUID no existe o no tiene a este RFC como receptor.');
    }
    const status = await this.acceptOrRejectCancellation(uuid, answer);
    return { uuid: uuid.toUpperCase(), answer, status };
  }

  private async hasLiveRelatedDocuments(uuid: string, now: number): Promise<boolean> {
    for (const child of (await this.readJson<string[]>(`rel:${uuid}`)) ?? []) {
      const doc = await this.loadDocument(child);
      if (doc && advance(doc, now).estado === 'Vigente') return true;
    }
    return false;
  }

  private loadDocument(uuid: string): Promise<SandboxDocument | undefined> {
    return this.readJson<SandboxDocument>(`cfdi:${uuid}`);
  }

  private async saveDocument(doc: SandboxDocument): Promise<void> {
    await this.store.put(`cfdi:${doc.uuid}`, JSON.stringify(doc));
  }

  private async readJson<T>(key: string): Promise<T | undefined> {
    const raw = await this.store.get(key);
    return raw === undefined ? undefined : (JSON.parse(raw) as T);
  }
}

/**
 * Identity of a document for deduplication: its Sello plus its cadena original, so a document
 * edited after sealing (same Sello, other content) is never answered with the earlier stamp.
 */
function documentKey(root: XmlElement, xml: string): string {
  let cadena: string;
  try {
    cadena = cadenaOriginal(root);
  } catch {
    cadena = xml; // not a stampable document; the checks will refuse it anyway
  }
  return createHash('sha256').update(`${root.attrs.get('Sello') ?? ''}\n${cadena}`).digest('hex');
}

function parse(xml: string): XmlElement {
  try {
    return parseXml(xml);
  } catch (err) {
    if (err instanceof XmlInputError) throw pacError('rejected', '301', err.message);
    throw err;
  }
}

/** SAT's consulta only finds a CFDI when the RFCs and total given match it. */
function matchesQuery(doc: SandboxDocument, q: StatusQuery): boolean {
  if (q.rfcEmisor && q.rfcEmisor.toUpperCase() !== doc.rfcEmisor) return false;
  if (q.rfcReceptor && q.rfcReceptor.toUpperCase() !== doc.rfcReceptor) return false;
  if (q.total === undefined || q.total === '') return true;
  try {
    return new Decimal(q.total).eq(new Decimal(doc.total));
  } catch {
    return false;
  }
}
