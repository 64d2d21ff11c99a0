import { NS } from '../../xml';
import { attr, dec, type RuleContext } from './context';

/** Fixed values of the single concept of a CFDI de pago (Guía de llenado del complemento de pagos). */
const CONCEPTO_PAGO: Array<{ code: string; name: string; value?: string; numeric?: boolean }> = [
  { code: 'CRP20113', name: 'ClaveProdServ', value: '84111506' },
  { code: 'CRP20114', name: 'NoIdentificacion' },
  { code: 'CRP20115', name: 'Cantidad', value: '1', numeric: true },
  { code: 'CRP20116', name: 'ClaveUnidad', value: 'ACT' },
  { code: 'CRP20117', name: 'Unidad' },
  { code: 'CRP20118', name: 'Descripcion', value: 'Pago' },
  { code: 'CRP20119', name: 'ValorUnitario', value: '0', numeric: true },
  { code: 'CRP20120', name: 'Importe', value: '0', numeric: true },
  { code: 'CRP20121', name: 'Descuento' },
  { code: 'CRP20122', name: 'ObjetoImp', value: '01' },
];

/**
 * The CFDI "envelope" of a payment receipt (tipo P): Pagos 2.0 complement present exactly once,
 * Exportacion 01, Moneda XXX without TipoCambio, no Descuento, one fixed concept (CRP20101…CRP20123).
 * SubTotal/Total/FormaPago/MetodoPago/Impuestos are reported by the general rules with CRP codes.
 */
export function checkPagoComprobante(ctx: RuleContext): void {
  const pagos = ctx.complements(NS.pago20);
  if (ctx.tipo !== 'P') {
    if (pagos.length > 0) {
      ctx.error('CRP20101', 'Comprobante.TipoDeComprobante', 'Un comprobante con complemento de pagos debe ser de tipo P.', { field: 'Comprobante.TipoDeComprobante', value: 'P' });
    }
    return;
  }
  if (pagos.length !== 1) {
    ctx.error('CRP20101', 'Comprobante.Complemento', pagos.length === 0
      ? 'Un comprobante de tipo P debe incluir el complemento de recepción de pagos 2.0.'
      : 'Un comprobante de tipo P debe incluir un solo complemento de recepción de pagos.');
  }
  if (attr(ctx.root, 'Exportacion') !== '01') {
    ctx.error('CRP20102', 'Comprobante.Exportacion', 'En un comprobante de pago Exportacion debe ser 01 "No aplica".', { field: 'Comprobante.Exportacion', value: '01' });
  }
  if (ctx.moneda !== 'XXX') {
    ctx.error('CRP20104', 'Comprobante.Moneda', 'En un comprobante de pago la Moneda debe ser XXX; la moneda real va en cada Pago (MonedaP).', { field: 'Comprobante.Moneda', value: 'XXX' });
  }
  if (attr(ctx.root, 'Descuento') !== undefined) {
    ctx.error('CRP20108', 'Comprobante.Descuento', 'En un comprobante de pago no debe existir Descuento; elimínalo.');
  }
  const conceptos = ctx.child(ctx.root, 'Conceptos');
  const lista = conceptos ? ctx.children(conceptos, 'Concepto') : [];
  if (lista.length !== 1) {
    ctx.error('CRP20111', 'Comprobante.Conceptos', `Un comprobante de pago lleva exactamente un concepto (tiene ${lista.length}).`);
  }
  const concepto = lista[0];
  if (!concepto) return;
  const field = 'Comprobante.Conceptos.Concepto[1]';
  const hijos = concepto.children.filter((n) => 'local' in n && n.local !== 'ACuentaTerceros');
  if (hijos.length > 0) {
    ctx.error('CRP20112', field, 'El concepto de un comprobante de pago no lleva nodos hijo (impuestos, información aduanera, partes…); elimínalos.');
  }
  for (const rule of CONCEPTO_PAGO) {
    const value = attr(concepto, rule.name);
    if (rule.value === undefined) {
      if (value !== undefined) ctx.error(rule.code, `${field}.${rule.name}`, `En el concepto de un comprobante de pago no debe existir ${rule.name}; elimínalo.`);
      continue;
    }
    const ok = rule.numeric ? dec(value)?.eq(rule.value) === true : value === rule.value;
    if (!ok) {
      ctx.error(rule.code, `${field}.${rule.name}`, `En el concepto de un comprobante de pago ${rule.name} debe ser "${rule.value}" (se registró "${value ?? ''}").`, { field: `${field}.${rule.name}`, value: rule.value });
    }
  }
}
