import { NS, SCHEMA_LOCATION, el, findChild, type XmlElement, isElement } from '../xml';

/** The attributes of a TimbreFiscalDigital 1.1, in the order the XSD declares them. */
export interface TfdFields {
  uuid: string;
  fechaTimbrado: string;
  rfcProvCertif: string;
  leyenda?: string;
  selloCFD: string;
  noCertificadoSAT: string;
  /** Empty while the cadena is computed, then the PAC's signature. */
  selloSAT: string;
}

/**
 * Builds a `tfd:TimbreFiscalDigital` element as PACs write it: its own xmlns:tfd/xmlns:xsi and
 * schemaLocation, so the node stays valid when extracted alone (cadena, QR, viewers).
 */
export function buildTfd(fields: TfdFields): XmlElement {
  return el(
    'tfd:TimbreFiscalDigital',
    NS.tfd,
    {
      'xsi:schemaLocation': `${NS.tfd} ${SCHEMA_LOCATION.tfd}`,
      Version: '1.1',
      UUID: fields.uuid,
      FechaTimbrado: fields.fechaTimbrado,
      RfcProvCertif: fields.rfcProvCertif,
      Leyenda: fields.leyenda,
      SelloCFD: fields.selloCFD,
      NoCertificadoSAT: fields.noCertificadoSAT,
      SelloSAT: fields.selloSAT,
    },
    [],
    { tfd: NS.tfd, xsi: NS.xsi },
  );
}

/** The TimbreFiscalDigital inside cfdi:Complemento, if the document has one. */
export function findTfd(root: XmlElement): XmlElement | undefined {
  for (const complemento of root.children) {
    if (!isElement(complemento) || complemento.local !== 'Complemento' || complemento.ns !== root.ns) continue;
    const tfd = findChild(complemento, NS.tfd, 'TimbreFiscalDigital');
    if (tfd) return tfd;
  }
  return undefined;
}

/**
 * Places the TFD as the last child of cfdi:Complemento, creating the Complemento (before any
 * Addenda, where the XSD wants it) when the document has none. Mutates `root`.
 */
export function insertTfd(root: XmlElement, tfd: XmlElement): void {
  let complemento = findChild(root, root.ns, 'Complemento');
  if (!complemento) {
    const colon = root.name.indexOf(':');
    const prefix = colon === -1 ? '' : root.name.slice(0, colon + 1);
    complemento = el(`${prefix}Complemento`, root.ns);
    const addendaAt = root.children.findIndex((c) => isElement(c) && c.local === 'Addenda' && c.ns === root.ns);
    if (addendaAt === -1) root.children.push(complemento);
    else root.children.splice(addendaAt, 0, complemento);
  }
  complemento.children.push(tfd);
}
