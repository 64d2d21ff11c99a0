// Test support only: seals CFDI with SAT's public test CSD (EKU9003173C9) read from fixtures/.
import { createPrivateKey, sign } from 'node:crypto';
import { readFixture } from '../../test/fixtures';
import { cadenaOriginal } from '../cadena';
import { readCertificate } from '../credentials';
import { parseXml, writeXml, findChild, type XmlElement } from '../xml';
import { toMexicoCityLocal } from './mexico-time';

const csdKey = () => createPrivateKey(readFixture('certs', 'csd', 'EKU9003173C9.key.pem'));
const csdCert = () => readCertificate(readFixture('certs', 'csd', 'EKU9003173C9.cer'));

/** Sets Certificado/NoCertificado of the test CSD and a fresh Sello over the current content. */
export function sealWithTestCsd(root: XmlElement): XmlElement {
  const cert = csdCert();
  root.attrs.set('NoCertificado', cert.noCertificado);
  root.attrs.set('Certificado', cert.certificadoBase64);
  root.attrs.set('Sello', '');
  root.attrs.set('Sello', sign('sha256', Buffer.from(cadenaOriginal(root), 'utf8'), csdKey()).toString('base64'));
  return root;
}

/**
 * A fixture CFDI (unstamped, by file name under fixtures/cfdi) re-dated to `fecha` and resealed,
 * with optional edits applied before sealing.
 */
export function freshCfdi(file: string, fecha: Date, edit?: (root: XmlElement) => void): string {
  const root = parseXml(readFixture('cfdi', file));
  root.attrs.set('Fecha', toMexicoCityLocal(fecha));
  edit?.(root);
  return writeXml(sealWithTestCsd(root));
}

/** Sets attributes on the cfdi:Receptor / cfdi:Emisor of a root. */
export function setPartyAttrs(root: XmlElement, party: 'Emisor' | 'Receptor', attrs: Record<string, string>): void {
  const node = findChild(root, root.ns, party)!;
  for (const [k, v] of Object.entries(attrs)) node.attrs.set(k, v);
}

/** A manual clock for deterministic tests. */
export class FakeClock {
  constructor(private now: Date) {}
  readonly get = (): Date => new Date(this.now);
  advanceHours(hours: number): void {
    this.now = new Date(this.now.getTime() + hours * 3_600_000);
  }
}
