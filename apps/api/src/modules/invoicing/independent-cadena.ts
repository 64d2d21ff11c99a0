import { SaxesParser } from 'saxes';

/**
 * Test support: the cadena original of a CFDI 4.0 invoice (Ingreso/Egreso with concept taxes, cuenta
 * predial, InformacionGlobal and CfdiRelacionados) written straight from Anexo 20's XSLT order with a
 * plain SAX parser — a second path, sharing no code with the engine's cadena generator, that the stamp
 * tests compare against. Other complements are not covered (the TFD is outside the cadena anyway).
 */

interface Node {
  local: string;
  attrs: Record<string, string>;
  children: Node[];
}

const ORDER: Record<string, string[]> = {
  Comprobante: ['Version', 'Serie', 'Folio', 'Fecha', 'FormaPago', 'NoCertificado', 'CondicionesDePago', 'SubTotal', 'Descuento', 'Moneda', 'TipoCambio', 'Total', 'TipoDeComprobante', 'Exportacion', 'MetodoPago', 'LugarExpedicion', 'Confirmacion'],
  InformacionGlobal: ['Periodicidad', 'Meses', 'Año'],
  CfdiRelacionados: ['TipoRelacion'],
  CfdiRelacionado: ['UUID'],
  Emisor: ['Rfc', 'Nombre', 'RegimenFiscal', 'FacAtrAdquirente'],
  Receptor: ['Rfc', 'Nombre', 'DomicilioFiscalReceptor', 'ResidenciaFiscal', 'NumRegIdTrib', 'RegimenFiscalReceptor', 'UsoCFDI'],
  Concepto: ['ClaveProdServ', 'NoIdentificacion', 'Cantidad', 'ClaveUnidad', 'Unidad', 'Descripcion', 'ValorUnitario', 'Importe', 'Descuento', 'ObjetoImp'],
  ConceptoTraslado: ['Base', 'Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe'],
  ConceptoRetencion: ['Base', 'Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe'],
  CuentaPredial: ['Numero'],
  Retencion: ['Impuesto', 'Importe'],
  Traslado: ['Base', 'Impuesto', 'TipoFactor', 'TasaOCuota', 'Importe'],
};

function parse(xml: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | undefined;
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) if (typeof a === 'object' && !a.prefix) attrs[a.local] = a.value;
    const node: Node = { local: tag.local!, attrs, children: [] };
    stack.at(-1)?.children.push(node);
    stack.push(node);
    root ??= node;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  return root!;
}

const kids = (n: Node | undefined, local: string) => n?.children.filter((c) => c.local === local) ?? [];
const norm = (v: string) => v.replace(/\s+/g, ' ').trim();

export function independentCadena(xml: string): string {
  const out: string[] = [];
  const put = (n: Node | undefined, order: string[]) => {
    if (!n) return;
    for (const a of order) if (n.attrs[a] !== undefined) out.push(norm(n.attrs[a]));
  };
  const c = parse(xml);
  put(c, ORDER.Comprobante!);
  for (const g of kids(c, 'InformacionGlobal')) put(g, ORDER.InformacionGlobal!);
  for (const rel of kids(c, 'CfdiRelacionados')) {
    put(rel, ORDER.CfdiRelacionados!);
    for (const r of kids(rel, 'CfdiRelacionado')) put(r, ORDER.CfdiRelacionado!);
  }
  put(kids(c, 'Emisor')[0], ORDER.Emisor!);
  put(kids(c, 'Receptor')[0], ORDER.Receptor!);
  for (const concepto of kids(kids(c, 'Conceptos')[0], 'Concepto')) {
    put(concepto, ORDER.Concepto!);
    const imp = kids(concepto, 'Impuestos')[0];
    for (const t of kids(kids(imp, 'Traslados')[0], 'Traslado')) put(t, ORDER.ConceptoTraslado!);
    for (const r of kids(kids(imp, 'Retenciones')[0], 'Retencion')) put(r, ORDER.ConceptoRetencion!);
    for (const p of kids(concepto, 'CuentaPredial')) put(p, ORDER.CuentaPredial!);
  }
  // The XSLT writes each group's lines and then its total (Retenciones, TotalImpuestosRetenidos, Traslados, TotalImpuestosTrasladados).
  const imp = kids(c, 'Impuestos')[0];
  for (const r of kids(kids(imp, 'Retenciones')[0], 'Retencion')) put(r, ORDER.Retencion!);
  put(imp, ['TotalImpuestosRetenidos']);
  for (const t of kids(kids(imp, 'Traslados')[0], 'Traslado')) put(t, ORDER.Traslado!);
  put(imp, ['TotalImpuestosTrasladados']);
  return `||${out.join('|')}||`;
}
