import { and, desc, eq } from 'drizzle-orm';
import { loadCredential, type Credential } from '@facturo/cfdi/credentials';
import { SelloContableError, sellarArchivoContable } from '@facturo/cfdi/contabilidad';
import type { XmlFile } from './accounting.service';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../security/secrets';
import { fiscalCredentials } from '../../db/schema';
import { decodeFiles, secretPurpose } from '../profile/credential-check';

/** What the download says about the e.firma seal (header `x-contabilidad-sello`). */
export type EstadoSello = 'sellado' | 'sin-efirma' | 'no-sellado';

/**
 * The account's current e.firma, opened to sign Anexo 24's files; undefined when none is on file as
 * valid or it no longer loads (expired, replaced key): the file then goes out unsigned, saying so.
 */
export async function efirmaParaSellar(db: Db, secrets: SecretBox, userId: number, now = new Date()): Promise<Credential | undefined> {
  const [row] = await db.select({ secret: fiscalCredentials.secret }).from(fiscalCredentials)
    .where(and(eq(fiscalCredentials.userId, userId), eq(fiscalCredentials.kind, 'efirma'), eq(fiscalCredentials.status, 'valid')))
    .orderBy(desc(fiscalCredentials.id)).limit(1);
  if (!row) return undefined;
  try {
    const files = decodeFiles(secrets.open(row.secret, secretPurpose('efirma')));
    return loadCredential({ cer: files.cer, key: files.key, password: files.password }, { purpose: 'efirma', now });
  } catch {
    return undefined;
  }
}

export interface ArchivoFirmado {
  name: string;
  /** The sealed text, or the writer's stream untouched when there is nothing to seal with. */
  body: string | XmlFile['body'];
  sello: EstadoSello;
  /** Why a present e.firma did not seal (Spanish), for the `x-contabilidad-sello-motivo` header. */
  motivo?: string;
}

/**
 * Seals a file with the e.firma when there is one. Sealing reads the whole file (the cadena covers every
 * element and the seal goes on the root): only unsigned files keep streaming.
 */
export async function firmarArchivo(f: XmlFile, efirma: Credential | undefined): Promise<ArchivoFirmado> {
  if (!efirma) return { name: f.name, body: f.body, sello: 'sin-efirma' };
  let xml = '';
  for await (const chunk of f.body) xml += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  try {
    return { name: f.name, body: sellarArchivoContable(xml, efirma), sello: 'sellado' };
  } catch (e) {
    if (e instanceof SelloContableError) return { name: f.name, body: xml, sello: 'no-sellado', motivo: e.message };
    throw e;
  }
}
