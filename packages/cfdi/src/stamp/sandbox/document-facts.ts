import { NS, findChild, findChildren, findDescendants, type XmlElement } from '../../xml';
import type { SandboxDocument } from './cancellation-flow';
import { isRetenciones20 } from './document-checks';

/** Relation type "sustitución de los CFDI previos": it does not block cancelling the related CFDI. */
const TIPO_RELACION_SUSTITUCION = '04';

/** The UUIDs a document points to in a way that blocks their cancellation while it is vigente. */
export function blockingRelations(root: XmlElement): string[] {
  const found = new Set<string>();
  for (const group of findChildren(root, root.ns, 'CfdiRelacionados')) {
    if (group.attrs.get('TipoRelacion') === TIPO_RELACION_SUSTITUCION) continue;
    for (const rel of findChildren(group, root.ns, 'CfdiRelacionado')) {
      const uuid = rel.attrs.get('UUID');
      if (uuid) found.add(uuid.toUpperCase());
    }
  }
  const complemento = findChild(root, root.ns, 'Complemento');
  if (complemento) {
    for (const docto of findDescendants(complemento, NS.pago20, 'DoctoRelacionado')) {
      const id = docto.attrs.get('IdDocumento');
      if (id) found.add(id.toUpperCase());
    }
  }
  return [...found];
}

/** The UUIDs a document substitutes (CfdiRelacionados TipoRelacion 04). */
export function substitutedUuids(root: XmlElement): string[] {
  const found = new Set<string>();
  for (const group of findChildren(root, root.ns, 'CfdiRelacionados')) {
    if (group.attrs.get('TipoRelacion') !== TIPO_RELACION_SUSTITUCION) continue;
    for (const rel of findChildren(group, root.ns, 'CfdiRelacionado')) {
      const uuid = rel.attrs.get('UUID');
      if (uuid) found.add(uuid.toUpperCase());
    }
  }
  return [...found];
}

/** What the sandbox records about a CFDI it just stamped. */
export function describeStamped(root: XmlElement, uuid: string, stampedAt: number): SandboxDocument {
  const attr = (name: string) => root.attrs.get(name);
  if (isRetenciones20(root)) return describeRetenciones(root, uuid, stampedAt);
  const emisor = findChild(root, root.ns, 'Emisor');
  const receptor = findChild(root, root.ns, 'Receptor');
  return {
    uuid,
    rfcEmisor: (emisor?.attrs.get('Rfc') ?? '').toUpperCase(),
    rfcReceptor: (receptor?.attrs.get('Rfc') ?? '').toUpperCase(),
    tipoDeComprobante: attr('TipoDeComprobante') ?? '',
    total: attr('Total') ?? '0',
    moneda: attr('Moneda') ?? 'MXN',
    tipoCambio: attr('TipoCambio'),
    stampedAt,
    relatesTo: blockingRelations(root),
    sustituye: substitutedUuids(root),
    estado: 'Vigente',
    estatusCancelacion: '',
  };
}

/** Tipo recorded for a Retenciones 2.0 document: SAT cancels them without the receptor's acceptance. */
export const TIPO_RETENCIONES = 'RET';

/** Retenciones 2.0: RfcE, the receptor's RfcR (XEXX010101000 for a foreign one) and MontoTotOperacion as the total. */
function describeRetenciones(root: XmlElement, uuid: string, stampedAt: number): SandboxDocument {
  const emisor = findChild(root, root.ns, 'Emisor');
  const receptor = findChild(root, root.ns, 'Receptor');
  const nacional = receptor && findChild(receptor, root.ns, 'Nacional');
  const totales = findChild(root, root.ns, 'Totales');
  return {
    uuid,
    rfcEmisor: (emisor?.attrs.get('RfcE') ?? '').toUpperCase(),
    rfcReceptor: nacional ? (nacional.attrs.get('RfcR') ?? '').toUpperCase() : 'XEXX010101000',
    tipoDeComprobante: TIPO_RETENCIONES,
    total: totales?.attrs.get('MontoTotOperacion') ?? '0',
    moneda: 'MXN',
    stampedAt,
    // CfdiRetenRelacionados only substitutes (TipoRelacion 01): it never blocks cancelling the earlier one.
    relatesTo: [],
    estado: 'Vigente',
    estatusCancelacion: '',
  };
}
