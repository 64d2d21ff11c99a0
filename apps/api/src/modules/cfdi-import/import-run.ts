import { riskyAmong } from '../sat/blacklist.service';
import type { ImportRejection, ImportState } from '@facturo/contract';
import type { Db } from '../../db/client';
import type { StoragePort } from '../../providers/storage/local-storage';
import { storeCfdi, CfdiStoreError } from '../cfdis/cfdi-store';
import type { ReceivedCfdi } from '../webhooks/webhooks.raise';
import { decideDeductibility } from '../outcomes/deductibility';
import { storeRetention, RetentionStoreError } from '../retentions/retention-store';
import { classifyDocument, type AcceptedDocument, type AcceptedRetention } from './classify';
import { readZip, ZipRefusedError } from './zip';

/** One uploaded file, kept in storage until the job reads it. */
export interface UploadedImportFile {
  name: string;
  key: string;
}

export interface ImportRunInput {
  userId: number;
  rfc: string;
  regimen: string | null;
  files: UploadedImportFile[];
  /**
   * The import's id (its background process). Stored with each document, so that a retry of a killed run
   * tells what that run had already stored (imported, by this import) from a real duplicate.
   */
  importId?: string;
  /**
   * Called after each group's commit with the received CFDIs it stored (the jobs raise `cfdi.received`,
   * decision 308). Not called for duplicates nor for issued documents.
   */
  onReceived?: (docs: ReceivedCfdi[]) => Promise<void>;
}

/** What the run reports after each document (the job turns it into progress and the stored state). */
export type ImportProgress = (state: ImportState) => Promise<void>;

const isXml = (name: string) => /\.xml$/i.test(name);
const isZip = (name: string) => /\.zip$/i.test(name);

/** Every XML document of the upload, in order; a refused archive or a file of another kind becomes a rejection. */
async function expand(storage: StoragePort, files: UploadedImportFile[], rejected: ImportRejection[]) {
  const docs: { file: string; data: Buffer }[] = [];
  let refusedArchives = 0;
  for (const f of files) {
    const data = await storage.get(f.key);
    if (!data) {
      rejected.push({ file: f.name, reason: 'El archivo subido ya no está disponible; súbelo de nuevo' });
      continue;
    }
    if (isXml(f.name)) docs.push({ file: f.name, data });
    else if (isZip(f.name)) {
      try {
        const { entries, skipped } = await readZip(data, { accept: isXml });
        for (const e of entries) docs.push({ file: `${f.name}/${e.name}`, data: e.data });
        for (const s of skipped) rejected.push({ file: `${f.name}/${s}`, reason: 'No es un archivo .xml' });
      } catch (e) {
        if (!(e instanceof ZipRefusedError)) throw e;
        refusedArchives += 1;
        rejected.push({ file: f.name, reason: e.message });
      }
    } else rejected.push({ file: f.name, reason: 'Solo se importan archivos .xml y .zip' });
  }
  return { docs, refusedArchives };
}

/**
 * Stores one accepted document, a received one with its deductibility in the same INSERT, inside its own
 * savepoint (all of its rows or none).
 */
async function storeOne(
  db: Db, storage: StoragePort, input: ImportRunInput, doc: AcceptedDocument | AcceptedRetention,
): Promise<{ duplicated: boolean; storedBy: string | null }> {
  const importId = input.importId;
  if ('retention' in doc) {
    return db.transaction(async (tx) => {
      const stored = await storeRetention(tx as unknown as Db, storage, { userId: input.userId, accountRfc: input.rfc, xml: doc.xml, source: 'import', importId });
      return { duplicated: stored.duplicated, storedBy: stored.importId ?? null };
    });
  }
  const s = doc.summary;
  const deducible = doc.direction === 'recibido'
    ? decideDeductibility({
      tipo: s.tipoDeComprobante, usoCfdi: s.usoCFDI, formaPago: s.formaPago, metodoPago: s.metodoPago,
      total: s.total, tipoCambio: s.tipoCambio, regimen: input.regimen, rfc: input.rfc,
    })
    : undefined;
  return db.transaction(async (tx) => {
    const stored = await storeCfdi(tx as unknown as Db, storage, { userId: input.userId, accountRfc: input.rfc, xml: doc.xml, source: 'import', deducible, importId });
    return { duplicated: stored.duplicated, storedBy: stored.importId ?? null };
  });
}

/**
 * Imports every document of the upload: one bad file never stops the others, and each document is written
 * in its own transaction (all of its rows or none). Progress is reported at most every `every` documents.
 */
export async function runImport(
  db: Db,
  storage: StoragePort,
  input: ImportRunInput,
  report: ImportProgress,
  every = 25,
): Promise<ImportState> {
  const rejected: ImportRejection[] = [];
  const state: ImportState = { status: 'running', total: 0, imported: 0, duplicated: 0, rejected, message: null, progress: 1 };
  const counterparties: { uuid: string; rfc: string }[] = [];
  // UUIDs met in this run: a second one in the same upload is a duplicate even though this import stored it.
  const seen = new Set<string>();
  // Imported CFDI per direction and month of their fecha ("emitido 2026-03" → count), for the result's links.
  const where = new Map<string, number>();
  await report(state);
  const { docs, refusedArchives } = await expand(storage, input.files, rejected);
  state.total = docs.length;
  let done = 0;
  // Documents are written in groups of `every` inside one transaction, each document in its own savepoint
  // (storeOne's nested transaction): a bad one rolls back only its own rows, and the group pays one commit
  // instead of one per document (PGlite's commit is most of the cost of a small write; bench/cfdi-import).
  for (let from = 0; from < docs.length; from += every) {
    const group = docs.slice(from, from + every);
    const received: ReceivedCfdi[] = [];
    await db.transaction(async (tx) => {
      for (const d of group) {
        const classified = classifyDocument(d.data, input.rfc);
        if (!classified.ok) rejected.push({ file: d.file, reason: classified.reason });
        else {
          try {
            const { duplicated, storedBy } = await storeOne(tx as unknown as Db, storage, input, classified);
            const uuid = classified.uuid.toUpperCase();
            // Stored by an earlier attempt of this very import (killed and retried): the document is its own.
            const fromKilledAttempt = duplicated && Boolean(input.importId) && storedBy === input.importId && !seen.has(uuid);
            seen.add(uuid);
            if (duplicated && !fromKilledAttempt) {
              state.duplicated += 1;
              rejected.push({ file: d.file, reason: `Duplicado: ${'retention' in classified ? 'la constancia de retenciones' : 'el CFDI'} ${classified.uuid} ya estaba registrado` });
            } else {
              state.imported += 1;
              if (!('retention' in classified)) {
                const s = classified.summary;
                counterparties.push({ uuid: classified.uuid, rfc: classified.direction === 'emitido' ? s.receptorRfc : s.emisorRfc });
                const key = `${classified.direction} ${s.fecha.slice(0, 7)}`;
                where.set(key, (where.get(key) ?? 0) + 1);
                if (classified.direction === 'recibido') received.push({ uuid, rfcEmisor: s.emisorRfc.toUpperCase(), total: s.total, fecha: s.fecha });
              }
            }
          } catch (e) {
            const known = e instanceof CfdiStoreError || e instanceof RetentionStoreError;
            if (!known) console.error('[cfdi-import]', d.file, e);
            rejected.push({ file: d.file, reason: known ? (e as Error).message : `No se pudo guardar: ${(e as Error).message}` });
          }
        }
      }
    });
    if (received.length && input.onReceived) await input.onReceived(received);
    done += group.length;
    if (done < docs.length) {
      state.progress = Math.max(1, Math.min(99, Math.floor((done / docs.length) * 100)));
      await report(state);
    }
  }
  const nothing = docs.length === 0 && refusedArchives > 0 && refusedArchives === input.files.length;
  const listed = await riskyAmong(db, counterparties.map((c) => c.rfc));
  if (listed.size) state.blacklisted = counterparties.filter((c) => listed.has(c.rfc.toUpperCase())).map((c) => ({ ...c, situacion: listed.get(c.rfc.toUpperCase())! }));
  if (where.size) state.destinations = destinationsOf(where);
  state.status = nothing ? 'failed' : 'done';
  state.message = nothing ? rejected.map((r) => r.reason).join('. ') : null;
  state.progress = 100;
  return state;
}

/** "emitido 2026-03" → count, as the contract's ordered list (emitidos first, then by year and month). */
function destinationsOf(where: Map<string, number>): NonNullable<ImportState['destinations']> {
  return [...where].map(([key, count]) => {
    const [direction, ym] = key.split(' ') as ['emitido' | 'recibido', string];
    return { direction, year: Number(ym.slice(0, 4)), month: Number(ym.slice(5, 7)), count };
  }).sort((a, b) => a.direction.localeCompare(b.direction) || a.year - b.year || a.month - b.month);
}

/** The Spanish summary the progress bar shows when the import ends. */
export function importSummary(s: ImportState): string {
  if (s.status === 'failed') return s.message ?? 'La importación falló';
  return `Importación terminada: ${s.imported} importados, ${s.duplicated} duplicados, ${s.rejected.length - s.duplicated} rechazados de ${s.total}`;
}

/** The warning for documents whose counterparty is on SAT's 69-B list, or null. */
export function blacklistWarning(s: ImportState): string | null {
  const listed = s.blacklisted ?? [];
  if (!listed.length) return null;
  const rfcs = [...new Set(listed.map((b) => `${b.rfc} (${b.situacion.toLowerCase()})`))].join(', ');
  return `${listed.length === 1 ? '1 comprobante es' : `${listed.length} comprobantes son`} de contribuyentes en la lista 69-B del SAT (operaciones presuntamente inexistentes): ${rfcs}`;
}
