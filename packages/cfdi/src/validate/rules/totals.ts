import { NS } from '../../xml';
import { Decimal, fixed, sum } from '../../money';
import { attr, dec, decimalsOf, shown, type RuleContext } from './context';

/** Σ of an attribute over the concepts, as decimals (unparseable values are skipped). */
function conceptSum(ctx: RuleContext, name: string): { total: Decimal; count: number } {
  const conceptos = ctx.child(ctx.root, 'Conceptos');
  const values = conceptos ? ctx.children(conceptos, 'Concepto').map((c) => attr(c, name)).filter((v): v is string => dec(v) !== undefined) : [];
  return { total: sum(values), count: values.length };
}

function checkDecimals(ctx: RuleContext, field: string, value: string | undefined, code: string): boolean {
  if (value === undefined || decimalsOf(value) <= ctx.decimals) return true;
  ctx.error(code, field, `El valor ${value} tiene más decimales de los que admite la moneda ${ctx.moneda} (${ctx.decimals}).`, { field, value: fixed(value, ctx.decimals) });
  return false;
}

/**
 * Traslado and Pago receipts carry no amounts: SubTotal and Total must be 0, each tipo with its own
 * SAT code. Returns true when the document is one of them (the sum checks then do not apply).
 */
function zeroForTrasladoOrPago(ctx: RuleContext, name: 'SubTotal' | 'Total', value: string, codes: { P: string; T: string }): boolean {
  if (ctx.tipo !== 'T' && ctx.tipo !== 'P') return false;
  if (!dec(value)!.isZero()) {
    const field = `Comprobante.${name}`;
    ctx.error(codes[ctx.tipo], field, `En un comprobante de tipo ${ctx.tipo} el ${name} debe ser 0.`, { field, value: '0' });
  }
  return true;
}

function checkSubTotal(ctx: RuleContext): void {
  const subTotal = attr(ctx.root, 'SubTotal');
  if (!dec(subTotal)) return;
  checkDecimals(ctx, 'Comprobante.SubTotal', subTotal, 'CFDI40107');
  if (zeroForTrasladoOrPago(ctx, 'SubTotal', subTotal!, { P: 'CRP20103', T: 'CFDI40109' })) return;
  const expected = fixed(conceptSum(ctx, 'Importe').total, ctx.decimals);
  if (!dec(subTotal)!.eq(expected)) {
    ctx.error('CFDI40108', 'Comprobante.SubTotal', `El SubTotal (${subTotal}) debe ser la suma de los importes de los conceptos redondeada: ${expected}.`, { field: 'Comprobante.SubTotal', value: expected });
  }
}

function checkDescuento(ctx: RuleContext): void {
  const descuento = attr(ctx.root, 'Descuento');
  const conceptos = conceptSum(ctx, 'Descuento');
  // Tipo P has its own codes for this (CRP20108, CRP20121): see pagos-comprobante.ts.
  if (ctx.tipo === 'P') return;
  if (ctx.tipo === 'T') {
    if (descuento !== undefined || conceptos.count > 0) {
      ctx.error('CFDI40111', 'Comprobante.Descuento', `En un comprobante de tipo ${ctx.tipo} no se registran descuentos (ni en el comprobante ni en los conceptos).`);
    }
    return;
  }
  if (descuento !== undefined && dec(descuento)) {
    checkDecimals(ctx, 'Comprobante.Descuento', descuento, 'CFDI40112');
    const subTotal = dec(attr(ctx.root, 'SubTotal'));
    if (subTotal && dec(descuento)!.gt(subTotal)) {
      ctx.error('CFDI40110', 'Comprobante.Descuento', `El Descuento (${descuento}) no puede ser mayor que el SubTotal (${attr(ctx.root, 'SubTotal')}).`);
    }
  }
  const expected = fixed(conceptos.total, ctx.decimals);
  if (conceptos.count > 0 && (descuento === undefined || !dec(descuento)?.eq(expected))) {
    ctx.error('CFDI40111', 'Comprobante.Descuento', `El Descuento (${shown(descuento)}) debe ser la suma de los descuentos de los conceptos redondeada: ${expected}.`, { field: 'Comprobante.Descuento', value: expected });
  } else if (conceptos.count === 0 && descuento !== undefined && !dec(descuento)?.isZero()) {
    ctx.error('CFDI40111', 'Comprobante.Descuento', 'El comprobante registra Descuento pero ningún concepto tiene descuento; registra el descuento en los conceptos.');
  }
}

/** Local taxes (implocal complement) count in the Total: + TotalDeTraslados − TotalDeRetenciones. */
function localTaxes(ctx: RuleContext): Decimal {
  let net = new Decimal(0);
  for (const local of ctx.complements(NS.implocal)) {
    net = net.plus(dec(attr(local, 'TotaldeTraslados')) ?? 0).minus(dec(attr(local, 'TotaldeRetenciones')) ?? 0);
  }
  return net;
}

function checkTotal(ctx: RuleContext): void {
  const total = attr(ctx.root, 'Total');
  if (!dec(total)) return;
  checkDecimals(ctx, 'Comprobante.Total', total, 'CFDI40119');
  if (zeroForTrasladoOrPago(ctx, 'Total', total!, { P: 'CRP20110', T: 'CFDI40119' })) return;
  const impuestos = ctx.child(ctx.root, 'Impuestos');
  const expected = (dec(attr(ctx.root, 'SubTotal')) ?? new Decimal(0))
    .minus(dec(attr(ctx.root, 'Descuento')) ?? 0)
    .plus(dec(attr(impuestos, 'TotalImpuestosTrasladados')) ?? 0)
    .minus(dec(attr(impuestos, 'TotalImpuestosRetenidos')) ?? 0)
    .plus(localTaxes(ctx));
  const text = fixed(expected, ctx.decimals);
  if (!dec(total)!.eq(text)) {
    ctx.error('CFDI40119', 'Comprobante.Total', `El Total (${total}) debe ser SubTotal − Descuento + impuestos trasladados − impuestos retenidos = ${text}.`, { field: 'Comprobante.Total', value: text });
  }
}

/** SubTotal, Descuento and Total against the concepts and the Impuestos node. */
export function checkTotals(ctx: RuleContext): void {
  checkSubTotal(ctx);
  checkDescuento(ctx);
  checkTotal(ctx);
}
