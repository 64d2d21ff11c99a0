import { NS, findChild, findChildren, findDescendants, type XmlElement } from '../../xml';
import type { SandboxDocument } from './cancellation-flow';

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

/** What the sandbox records about a CFDI it just stamped. */
export function describeStamped(root: XmlElement, uuid: string, stampedAt: number): SandboxDocument {
  const attr = (name: string) => root.attrs.get(name);
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
    estado: 'Vigente',
    estatusCancelacion: '',
  };
}
