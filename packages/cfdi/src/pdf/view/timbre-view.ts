import { cadenaTfd } from '../../cadena';
import { verificationUrl } from '../../qr';
import { SANDBOX_PAC_RFC } from '../../stamp/sandbox/credentials';
import { findTfd } from '../../stamp/tfd';
import { findChild, type XmlElement } from '../../xml';

export interface TimbreView {
  uuid: string;
  fechaTimbrado: string;
  rfcProvCertif: string;
  noCertificadoSAT: string;
  selloCFD: string;
  selloSAT: string;
  leyenda: string;
  /** Cadena original del complemento de certificación digital del SAT. */
  cadena: string;
  /** True when the sandbox PAC made the stamp: the PDF must say it has no fiscal validity. */
  sandbox: boolean;
  qrUrl: string;
}

/** The TFD of a stamped CFDI, ready to print; undefined for an unstamped document. */
export function readTimbreView(root: XmlElement): TimbreView | undefined {
  const tfd = findTfd(root);
  if (!tfd) return undefined;
  const a = (name: string) => tfd.attrs.get(name) ?? '';
  const emisor = findChild(root, root.ns, 'Emisor');
  const receptor = findChild(root, root.ns, 'Receptor');
  let cadena: string;
  try {
    cadena = cadenaTfd(tfd);
  } catch {
    cadena = ''; // a TFD version we cannot render a cadena for: print the rest
  }
  return {
    uuid: a('UUID'),
    fechaTimbrado: a('FechaTimbrado'),
    rfcProvCertif: a('RfcProvCertif'),
    noCertificadoSAT: a('NoCertificadoSAT'),
    selloCFD: a('SelloCFD'),
    selloSAT: a('SelloSAT'),
    leyenda: a('Leyenda'),
    cadena,
    sandbox: a('RfcProvCertif') === SANDBOX_PAC_RFC || /SIN VALIDEZ FISCAL/i.test(a('Leyenda')),
    qrUrl: qrUrlOf(root, emisor, receptor, a('UUID')),
  };
}

/** CFDI 3.2 wrote attribute names in lowercase (rfc, total, sello). */
const either = (e: XmlElement | undefined, name: string): string | undefined =>
  e?.attrs.get(name) ?? e?.attrs.get(name.charAt(0).toLowerCase() + name.slice(1));

/**
 * The SAT verification URL of the QR, in the form of the document's version (3.2 has its own),
 * or '' when the Total is not a decimal: a QR with a made-up total would send the reader to a
 * "no encontrado" page, so the PDF prints no QR instead.
 */
function qrUrlOf(root: XmlElement, emisor: XmlElement | undefined, receptor: XmlElement | undefined, uuid: string): string {
  const input = {
    uuid,
    rfcEmisor: either(emisor, 'Rfc') ?? '',
    rfcReceptor: either(receptor, 'Rfc') ?? '',
    total: either(root, 'Total') ?? '0',
    sello: either(root, 'Sello') ?? '',
  };
  const standard = either(root, 'Version')?.trim() === '3.2' ? '3.2' : '2017';
  try {
    return verificationUrl(input, { standard });
  } catch {
    return '';
  }
}

/** The document's cfdi:Complemento, where Pagos, Nómina and the TFD live. */
export const complementoOf = (root: XmlElement): XmlElement | undefined => findChild(root, root.ns, 'Complemento');
