import { findEntry, tasaOCuotaAllowed } from '../../catalogs';
import { Decimal, fixed } from '../../money';
import type { XmlElement } from '../../xml';
import { attr, dec, decimalsOf, type RuleContext } from './context';
import { expectedTaxes, trasladoKey } from './tax-lines';

const BASE = 'Comprobante.Impuestos';

function tooManyDecimals(ctx: RuleContext, field: string, value: string | undefined, code: string): void {
  if (value !== undefined && dec(value) && decimalsOf(value) > ctx.decimals) {
    ctx.error(code, field, `El valor ${value} tiene más decimales de los que admite la moneda ${ctx.moneda} (${ctx.decimals}).`, { field, value: fixed(value, ctx.decimals) });
  }
}

function checkRetenciones(ctx: RuleContext, impuestos: XmlElement | undefined, expected: Map<string, string>): void {
  const node = impuestos && ctx.child(impuestos, 'Retenciones');
  const rows = node ? ctx.children(node, 'Retencion') : [];
  const total = attr(impuestos, 'TotalImpuestosRetenidos');
  if (node && total === undefined) {
    ctx.error('CFDI40206', `${BASE}.TotalImpuestosRetenidos`, 'Hay retenciones en el comprobante: se debe registrar TotalImpuestosRetenidos.');
  }
  tooManyDecimals(ctx, `${BASE}.TotalImpuestosRetenidos`, total, 'CFDI40202');
  const seen = new Set<string>();
  let declared = new Decimal(0);
  rows.forEach((row, i) => {
    const field = `${BASE}.Retenciones.Retencion[${i + 1}]`;
    const impuesto = attr(row, 'Impuesto') ?? '';
    const importe = attr(row, 'Importe');
    declared = declared.plus(dec(importe) ?? 0);
    if (!findEntry('c_Impuesto', impuesto)) {
      ctx.error('CFDI40207', `${field}.Impuesto`, `El impuesto "${impuesto}" no está en el catálogo c_Impuesto.`);
      return;
    }
    if (seen.has(impuesto)) {
      ctx.error('CFDI40208', `${field}.Impuesto`, `Solo debe haber una retención por impuesto; el ${impuesto} está repetido: súmalos en un solo nodo.`);
      return;
    }
    seen.add(impuesto);
    tooManyDecimals(ctx, `${field}.Importe`, importe, 'CFDI40210');
    const want = expected.get(impuesto);
    if (want === undefined) {
      ctx.error('CFDI40211', `${field}.Impuesto`, `Ningún concepto retiene el impuesto ${impuesto}; elimina esta retención o agrégala a los conceptos.`);
    } else if (!dec(importe)?.eq(want)) {
      ctx.error('CFDI40211', `${field}.Importe`, `El Importe retenido del impuesto ${impuesto} debe ser la suma de las retenciones de los conceptos redondeada: ${want}.`, { field: `${field}.Importe`, value: want });
    }
  });
  for (const [impuesto, importe] of expected) {
    if (!seen.has(impuesto)) {
      ctx.error('CFDI40211', `${BASE}.Retenciones`, `Falta la retención del impuesto ${impuesto} (${importe}) que suman los conceptos.`);
    }
  }
  if (total !== undefined && dec(total) && !dec(total)!.eq(fixed(declared, ctx.decimals))) {
    const want = fixed(declared, ctx.decimals);
    ctx.error('CFDI40203', `${BASE}.TotalImpuestosRetenidos`, `TotalImpuestosRetenidos (${total}) debe ser la suma de los importes retenidos: ${want}.`, { field: `${BASE}.TotalImpuestosRetenidos`, value: want });
  }
}

interface ExpectedTraslado {
  base: string;
  importe?: string;
}

function checkTraslados(ctx: RuleContext, impuestos: XmlElement | undefined, expected: Map<string, ExpectedTraslado>): void {
  const node = impuestos && ctx.child(impuestos, 'Traslados');
  const rows = node ? ctx.children(node, 'Traslado') : [];
  const total = attr(impuestos, 'TotalImpuestosTrasladados');
  tooManyDecimals(ctx, `${BASE}.TotalImpuestosTrasladados`, total, 'CFDI40204');
  const seen = new Set<string>();
  let declared = new Decimal(0);
  let withImporte = 0;
  rows.forEach((row, i) => {
    const field = `${BASE}.Traslados.Traslado[${i + 1}]`;
    const impuesto = attr(row, 'Impuesto') ?? '';
    const factor = attr(row, 'TipoFactor') ?? '';
    const tasa = attr(row, 'TasaOCuota');
    const base = attr(row, 'Base');
    const importe = attr(row, 'Importe');
    if (importe !== undefined) {
      withImporte++;
      declared = declared.plus(dec(importe) ?? 0);
    }
    if (!findEntry('c_Impuesto', impuesto)) {
      ctx.error('CFDI40217', `${field}.Impuesto`, `El impuesto "${impuesto}" no está en el catálogo c_Impuesto.`);
      return;
    }
    const key = trasladoKey(impuesto, factor, tasa);
    if (seen.has(key)) {
      ctx.error('CFDI40218', field, `Solo debe haber un traslado por combinación de Impuesto, TipoFactor y TasaOCuota; ${impuesto} ${factor} ${tasa ?? ''} está repetido.`);
      return;
    }
    seen.add(key);
    if (factor !== 'Exento' && !tasaOCuotaAllowed({ impuesto, tipoFactor: factor as 'Tasa' | 'Cuota', valor: tasa, tipo: 'traslado' })) {
      ctx.error('CFDI40219', `${field}.TasaOCuota`, `TasaOCuota ${tasa ?? '(vacía)'} no está permitida en c_TasaOCuota para el impuesto ${impuesto} ${factor}.`);
    }
    tooManyDecimals(ctx, `${field}.Base`, base, 'CFDI40214');
    tooManyDecimals(ctx, `${field}.Importe`, importe, 'CFDI40220');
    const want = expected.get(key);
    if (!want) {
      ctx.error('CFDI40215', field, `Ningún concepto traslada ${impuesto} ${factor} ${tasa ?? ''}; elimina este traslado o agrégalo a los conceptos.`);
      return;
    }
    if (!dec(base)?.eq(want.base)) {
      ctx.error('CFDI40215', `${field}.Base`, `La Base del traslado ${impuesto} ${factor} ${tasa ?? ''} debe ser la suma de las bases de los conceptos redondeada: ${want.base}.`, { field: `${field}.Base`, value: want.base });
    }
    if (want.importe !== undefined && !dec(importe)?.eq(want.importe)) {
      ctx.error('CFDI40221', `${field}.Importe`, `El Importe del traslado ${impuesto} ${factor} ${tasa ?? ''} debe ser la suma de los importes de los conceptos redondeada: ${want.importe}.`, { field: `${field}.Importe`, value: want.importe });
    }
  });
  for (const [key, want] of expected) {
    if (!seen.has(key)) {
      const [impuesto, factor, tasa] = key.split('|');
      ctx.error('CFDI40221', `${BASE}.Traslados`, `Falta el traslado ${impuesto} ${factor} ${tasa} (Base ${want.base}${want.importe ? `, Importe ${want.importe}` : ''}) que suman los conceptos.`);
    }
  }
  if (withImporte > 0 && total === undefined) {
    ctx.error('CFDI40212', `${BASE}.TotalImpuestosTrasladados`, 'Hay traslados con importe en el comprobante: se debe registrar TotalImpuestosTrasladados.');
  } else if (total !== undefined && dec(total) && !dec(total)!.eq(fixed(declared, ctx.decimals))) {
    const want = fixed(declared, ctx.decimals);
    ctx.error('CFDI40205', `${BASE}.TotalImpuestosTrasladados`, `TotalImpuestosTrasladados (${total}) debe ser la suma de los importes trasladados: ${want}.`, { field: `${BASE}.TotalImpuestosTrasladados`, value: want });
  }
}

/** The Comprobante-level Impuestos node against the grouped concept taxes (CFDI40201…CFDI40221). */
export function checkImpuestos(ctx: RuleContext): void {
  const impuestos = ctx.child(ctx.root, 'Impuestos');
  if (ctx.tipo === 'T' || ctx.tipo === 'P') {
    if (impuestos) ctx.error('CFDI40201', BASE, `En un comprobante de tipo ${ctx.tipo} no debe existir el nodo Impuestos; elimínalo.`);
    return;
  }
  const taxes = expectedTaxes(ctx);
  const retenciones = new Map(taxes.retenciones.map((r) => [r.impuesto as string, r.importe]));
  const traslados = new Map(
    taxes.traslados.map((t) => [trasladoKey(t.impuesto, t.tipoFactor, t.tasaOCuota), { base: t.base, importe: t.importe }]),
  );
  if (!impuestos && (retenciones.size > 0 || traslados.size > 0)) {
    ctx.error('CFDI40221', BASE, 'Los conceptos tienen impuestos: el comprobante debe llevar el nodo Impuestos con sus totales agrupados.');
    return;
  }
  checkRetenciones(ctx, impuestos, retenciones);
  checkTraslados(ctx, impuestos, traslados);
}
