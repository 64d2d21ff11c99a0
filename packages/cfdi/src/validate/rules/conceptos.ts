import { NS, type XmlElement } from '../../xml';
import { findEntry, regimenAllowed } from '../../catalogs';
import { conceptImporteLimits, isWithinLimits, objetoImpTaxes } from '../../money';
import { productServiceKnown } from '../big-catalogs';
import { rfcPersona } from '../../rfc';
import { attr, dec, decimalsOf, shown, type RuleContext } from './context';
import { checkTaxNode, type TaxKind, type TaxNodeCodes } from './tax-node';

/** SAT codes for concept-level Traslado (CFDI40174…80) and Retencion (CFDI40181…86). */
const TAX_CODES: Record<TaxKind, TaxNodeCodes> = {
  traslado: { base: 'CFDI40174', impuesto: 'CFDI40175', factor: 'CFDI40176', exento: 'CFDI40177', missing: 'CFDI40178', tasa: 'CFDI40179', importe: 'CFDI40180' },
  retencion: { base: 'CFDI40181', impuesto: 'CFDI40182', factor: 'CFDI40183', exento: 'CFDI40184', missing: 'CFDI40178', tasa: 'CFDI40185', importe: 'CFDI40186' },
};

/** Decimals for a limit check: the currency's, or the amount's own when it carries more (Anexo 20). */
const limitDecimals = (ctx: RuleContext, value: string): number => Math.max(ctx.decimals, decimalsOf(value));

/** Checks one concept-level Traslado or Retencion. */
function checkTax(ctx: RuleContext, tax: XmlElement, kind: TaxKind, field: string): void {
  checkTaxNode(ctx, tax, field, { kind, suffix: '', codes: TAX_CODES[kind], decimals: ctx.decimals, fecha: attr(ctx.root, 'Fecha')?.slice(0, 10) });
}

function checkConceptTaxes(ctx: RuleContext, concepto: XmlElement, field: string): void {
  const objeto = attr(concepto, 'ObjetoImp') ?? '';
  const impuestos = ctx.child(concepto, 'Impuestos');
  if (!findEntry('c_ObjetoImp', objeto)) {
    ctx.error('CFDI40170', `${field}.ObjetoImp`, `ObjetoImp "${shown(objeto)}" no está en el catálogo c_ObjetoImp.`);
  } else if (objetoImpTaxes(objeto) === 'required' && !impuestos) {
    ctx.error('CFDI40171', `${field}.Impuestos`, `Con ObjetoImp ${objeto} el concepto debe llevar el nodo Impuestos con sus traslados y/o retenciones.`);
  } else if (objetoImpTaxes(objeto) === 'forbidden' && impuestos) {
    ctx.error('CFDI40172', `${field}.Impuestos`, `Con ObjetoImp ${objeto} el concepto no debe llevar el nodo Impuestos; elimínalo o usa ObjetoImp 02.`);
  }
  if (!impuestos) return;
  const traslados = ctx.children(ctx.child(impuestos, 'Traslados') ?? impuestos, 'Traslado');
  const retenciones = ctx.children(ctx.child(impuestos, 'Retenciones') ?? impuestos, 'Retencion');
  if (traslados.length === 0 && retenciones.length === 0) {
    ctx.error('CFDI40173', `${field}.Impuestos`, 'El nodo Impuestos del concepto debe incluir al menos un traslado o una retención.');
  }
  traslados.forEach((t, i) => checkTax(ctx, t, 'traslado', `${field}.Impuestos.Traslados.Traslado[${i + 1}]`));
  retenciones.forEach((r, i) => checkTax(ctx, r, 'retencion', `${field}.Impuestos.Retenciones.Retencion[${i + 1}]`));
}

/** Importe within SAT's limits of Cantidad × ValorUnitario (Concepto and Parte). */
function checkImporte(ctx: RuleContext, node: XmlElement, field: string, code: string): void {
  const cantidad = attr(node, 'Cantidad');
  const valor = attr(node, 'ValorUnitario');
  const importe = attr(node, 'Importe');
  if (!dec(cantidad) || !dec(valor) || !dec(importe) || cantidad === undefined || valor === undefined || importe === undefined) return;
  const limits = conceptImporteLimits(cantidad, valor, limitDecimals(ctx, importe));
  if (!isWithinLimits(importe, limits)) {
    const exact = dec(cantidad)!.times(valor).toDecimalPlaces(ctx.decimals).toFixed(ctx.decimals);
    ctx.error(code, `${field}.Importe`, `El Importe ${importe} no corresponde a Cantidad × ValorUnitario (${cantidad} × ${valor} = ${exact}); debe estar entre ${limits.inferior} y ${limits.superior}.`, { field: `${field}.Importe`, value: exact });
  }
}

function checkAduana(ctx: RuleContext, node: XmlElement, field: string, code: string): void {
  const cce = ctx.complements(NS.cce20).length > 0;
  ctx.children(node, 'InformacionAduanera').forEach((info, i) => {
    if (cce) {
      ctx.error(code, `${field}.InformacionAduanera[${i + 1}].NumeroPedimento`, 'Con complemento de Comercio Exterior no se registra NumeroPedimento en el concepto; elimínalo.');
    }
  });
}

function checkTerceros(ctx: RuleContext, concepto: XmlElement, field: string): void {
  const terceros = ctx.child(concepto, 'ACuentaTerceros');
  if (!terceros) return;
  const rfc = attr(terceros, 'RfcACuentaTerceros') ?? '';
  const regimen = attr(terceros, 'RegimenFiscalACuentaTerceros') ?? '';
  const persona = rfcPersona(rfc);
  if (rfc === attr(ctx.child(ctx.root, 'Emisor'), 'Rfc')) {
    ctx.error('CFDI40188', `${field}.ACuentaTerceros.RfcACuentaTerceros`, 'El RFC a cuenta de terceros no puede ser el mismo que el del emisor.');
  }
  if (!findEntry('c_RegimenFiscal', regimen)) {
    ctx.error('CFDI40191', `${field}.ACuentaTerceros.RegimenFiscalACuentaTerceros`, `RegimenFiscalACuentaTerceros "${shown(regimen)}" no está en el catálogo c_RegimenFiscal.`);
  } else if (persona && !regimenAllowed(regimen, persona)) {
    ctx.error('CFDI40191', `${field}.ACuentaTerceros.RegimenFiscalACuentaTerceros`, `El régimen ${regimen} no aplica al tipo de persona del RFC ${rfc}.`);
  }
}

function checkPartes(ctx: RuleContext, concepto: XmlElement, field: string): void {
  ctx.children(concepto, 'Parte').forEach((parte, i) => {
    const pf = `${field}.Parte[${i + 1}]`;
    const clave = attr(parte, 'ClaveProdServ') ?? '';
    if (ctx.opts.bigCatalogs !== false && productServiceKnown(clave) === false) {
      ctx.error('CFDI40196', `${pf}.ClaveProdServ`, `ClaveProdServ "${clave}" de la parte no está en el catálogo c_ClaveProdServ.`);
    }
    const valor = attr(parte, 'ValorUnitario');
    if (valor !== undefined && !dec(valor)?.gt(0)) {
      ctx.error('CFDI40197', `${pf}.ValorUnitario`, 'El ValorUnitario de la parte debe ser mayor que cero.');
    }
    if (valor !== undefined) checkImporte(ctx, parte, pf, 'CFDI40198');
    checkAduana(ctx, parte, pf, 'CFDI40200');
  });
}

/** One Concepto: catalog claves, amounts, ObjetoImp and its taxes, terceros, partes. */
function checkConcepto(ctx: RuleContext, concepto: XmlElement, index: number): void {
  const field = `Comprobante.Conceptos.Concepto[${index + 1}]`;
  const clave = attr(concepto, 'ClaveProdServ') ?? '';
  if (ctx.opts.bigCatalogs !== false && productServiceKnown(clave) === false) {
    ctx.error('CFDI40162', `${field}.ClaveProdServ`, `ClaveProdServ "${clave}" no está en el catálogo c_ClaveProdServ; búscala en el catálogo de productos y servicios.`);
  }
  const unidad = attr(concepto, 'ClaveUnidad') ?? '';
  if (!findEntry('c_ClaveUnidad', unidad)) {
    ctx.error('CFDI40165', `${field}.ClaveUnidad`, `ClaveUnidad "${shown(unidad)}" no está en el catálogo c_ClaveUnidad.`);
  }
  const valor = dec(attr(concepto, 'ValorUnitario'));
  if ((ctx.tipo === 'I' || ctx.tipo === 'E' || ctx.tipo === 'N') && valor && !valor.gt(0)) {
    ctx.error('CFDI40166', `${field}.ValorUnitario`, `En un comprobante de tipo ${ctx.tipo} el ValorUnitario debe ser mayor que cero.`);
  }
  checkImporte(ctx, concepto, field, 'CFDI40167');
  const importe = attr(concepto, 'Importe');
  const descuento = attr(concepto, 'Descuento');
  if (descuento !== undefined && importe !== undefined && dec(descuento) && dec(importe)) {
    if (decimalsOf(descuento) > decimalsOf(importe)) {
      ctx.error('CFDI40168', `${field}.Descuento`, `El Descuento (${descuento}) no puede tener más decimales que el Importe del concepto (${importe}).`);
    }
    if (dec(descuento)!.gt(dec(importe)!)) {
      ctx.error('CFDI40169', `${field}.Descuento`, `El Descuento (${descuento}) no puede ser mayor que el Importe del concepto (${importe}).`);
    }
  }
  checkConceptTaxes(ctx, concepto, field);
  checkTerceros(ctx, concepto, field);
  checkAduana(ctx, concepto, field, 'CFDI40195');
  checkPartes(ctx, concepto, field);
}

/** Every Concepto of the Comprobante. */
export function checkConceptos(ctx: RuleContext): void {
  const conceptos = ctx.child(ctx.root, 'Conceptos');
  if (!conceptos) return;
  ctx.children(conceptos, 'Concepto').forEach((c, i) => checkConcepto(ctx, c, i));
}
