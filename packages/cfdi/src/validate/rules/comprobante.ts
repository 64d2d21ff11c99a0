import { NS } from '../../xml';
import { findEntry } from '../../catalogs';
import { Decimal } from '../../money';
import { postalCodeKnown } from '../big-catalogs';
import { attr, dec, shown, type RuleContext } from './context';

const FECHA = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
/** CFDI 4.0 became valid on 2022-01-01; an earlier Fecha is a typo, not a 4.0 invoice. */
const CFDI40_START = Date.UTC(2022, 0, 1);
const HOUR = 3_600_000;

/** Fecha as milliseconds of a UTC clock showing the same wall time, or undefined when invalid. */
export function parseFecha(value: string | undefined): number | undefined {
  const m = value ? FECHA.exec(value) : null;
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // Date.UTC rolls 2025-02-30 over to March: a different day back means the date does not exist.
  if (back.getUTCDate() !== d || back.getUTCMonth() !== mo - 1 || h > 23 || mi > 59 || s > 59) return undefined;
  return ms;
}

/**
 * Fecha is local time at LugarExpedicion with no zone. Mexico spans UTC-5 (Quintana Roo) to UTC-8
 * (Baja California in winter), so "in the future" is judged against the easternmost clock and
 * "too old" against the westernmost, never rejecting a legitimate local time.
 */
function checkFecha(ctx: RuleContext): void {
  const fecha = attr(ctx.root, 'Fecha');
  const ms = parseFecha(fecha);
  if (ms === undefined) {
    ctx.error('CFDI40101', 'Comprobante.Fecha', `La Fecha "${shown(fecha)}" no cumple con el patrón AAAA-MM-DDThh:mm:ss o no es una fecha real; escríbela como 2025-03-31T14:05:00, sin zona horaria.`);
    return;
  }
  const now = ctx.now.getTime();
  if (ms > now - 5 * HOUR + 5 * 60_000) {
    ctx.error('401', 'Comprobante.Fecha', `La Fecha ${fecha} es posterior a la hora actual en México; usa la fecha y hora de emisión.`);
  }
  if (ms < CFDI40_START) {
    ctx.error('401', 'Comprobante.Fecha', `La Fecha ${fecha} es anterior a la entrada en vigor del CFDI 4.0 (2022-01-01).`);
  } else if (ctx.opts.maxAgeHours !== undefined && ms < now - 8 * HOUR - ctx.opts.maxAgeHours * HOUR) {
    ctx.error('401', 'Comprobante.Fecha', `La Fecha ${fecha} tiene más de ${ctx.opts.maxAgeHours} horas; el PAC no timbra comprobantes con esa antigüedad. Actualiza la fecha de emisión.`);
  }
}

function checkFormaMetodo(ctx: RuleContext): void {
  const forma = attr(ctx.root, 'FormaPago');
  const metodo = attr(ctx.root, 'MetodoPago');
  const sinPago = ctx.tipo === 'T' || ctx.tipo === 'N' || ctx.tipo === 'P';
  if (forma !== undefined && sinPago) {
    ctx.error(ctx.tipo === 'P' ? 'CRP20105' : 'CFDI40103', 'Comprobante.FormaPago', `En un comprobante de tipo ${ctx.tipo} no debe existir FormaPago; elimínalo.`);
  } else if (forma !== undefined && !findEntry('c_FormaPago', forma)) {
    ctx.error('CFDI40104', 'Comprobante.FormaPago', `FormaPago "${forma}" no está en el catálogo c_FormaPago.`);
  } else if (forma === undefined && (ctx.tipo === 'I' || ctx.tipo === 'E')) {
    ctx.error('CFDI40104', 'Comprobante.FormaPago', 'En un comprobante de ingreso o egreso se debe registrar FormaPago (usa 99 "Por definir" si el pago es en parcialidades o diferido).');
  }
  if (metodo === 'PPD' && forma !== undefined && forma !== '99' && !sinPago) {
    ctx.error('CFDI40105', 'Comprobante.FormaPago', `Con MetodoPago PPD la FormaPago debe ser 99 "Por definir" (se registró ${forma}).`, { field: 'Comprobante.FormaPago', value: '99' });
  }
  if (metodo !== undefined && (ctx.tipo === 'T' || ctx.tipo === 'P')) {
    ctx.error(ctx.tipo === 'P' ? 'CRP20106' : 'CFDI40125', 'Comprobante.MetodoPago', `En un comprobante de tipo ${ctx.tipo} no debe existir MetodoPago; elimínalo.`);
  } else if (metodo !== undefined && !findEntry('c_MetodoPago', metodo)) {
    ctx.error('CFDI40124', 'Comprobante.MetodoPago', `MetodoPago "${metodo}" no está en el catálogo c_MetodoPago (PUE o PPD).`);
  } else if (metodo === undefined && (ctx.tipo === 'I' || ctx.tipo === 'E' || ctx.tipo === 'N')) {
    ctx.error('CFDI40124', 'Comprobante.MetodoPago', 'Se debe registrar MetodoPago: PUE si se paga en una sola exhibición o PPD si es en parcialidades o diferido.');
  }
  if (ctx.tipo === 'N' && metodo !== undefined && metodo !== 'PUE') {
    ctx.error('CFDI40124', 'Comprobante.MetodoPago', 'En un recibo de nómina MetodoPago debe ser PUE.', { field: 'Comprobante.MetodoPago', value: 'PUE' });
  }
}

/** Moneda, TipoCambio and the TipoCambio variation against a reference rate when the caller has one. */
function checkMoneda(ctx: RuleContext): void {
  const moneda = ctx.moneda;
  const tipoCambio = attr(ctx.root, 'TipoCambio');
  const entry = findEntry('c_Moneda', moneda);
  if (!entry) {
    ctx.error('CFDI40113', 'Comprobante.Moneda', `Moneda "${shown(moneda)}" no está en el catálogo c_Moneda.`);
    return;
  }
  if (ctx.tipo === 'N' && moneda !== 'MXN') {
    ctx.error('CFDI40113', 'Comprobante.Moneda', 'En un recibo de nómina la Moneda debe ser MXN.', { field: 'Comprobante.Moneda', value: 'MXN' });
  }
  if (moneda === 'MXN') {
    if (tipoCambio !== undefined && !dec(tipoCambio)?.eq(1)) {
      ctx.error('CFDI40114', 'Comprobante.TipoCambio', `Con Moneda MXN, TipoCambio se omite o debe ser 1 (se registró ${tipoCambio}).`, { field: 'Comprobante.TipoCambio', value: '1' });
    }
    return;
  }
  if (moneda === 'XXX') {
    if (tipoCambio !== undefined) ctx.error(ctx.tipo === 'P' ? 'CRP20109' : 'CFDI40116', 'Comprobante.TipoCambio', 'Con Moneda XXX no debe existir TipoCambio; elimínalo.');
    return;
  }
  if (tipoCambio === undefined) {
    ctx.error('CFDI40115', 'Comprobante.TipoCambio', `Con Moneda ${moneda} se debe registrar TipoCambio (pesos mexicanos por una unidad de ${moneda}).`);
    return;
  }
  if (!/^[0-9]{1,18}(\.[0-9]{1,6})?$/.test(tipoCambio) || !dec(tipoCambio)?.gt(0)) {
    ctx.error('CFDI40117', 'Comprobante.TipoCambio', `TipoCambio "${tipoCambio}" debe ser un número mayor que cero con hasta 6 decimales.`);
    return;
  }
  const reference = ctx.opts.tipoCambioReferencia?.[moneda];
  if (reference !== undefined && attr(ctx.root, 'Confirmacion') === undefined) {
    const ref = new Decimal(reference);
    const allowed = ref.times(entry.porcentajeVariacion).div(100);
    if (new Decimal(tipoCambio).minus(ref).abs().gt(allowed)) {
      ctx.error('CFDI40118', 'Comprobante.TipoCambio', `TipoCambio ${tipoCambio} se aparta más de ${entry.porcentajeVariacion} % del tipo de cambio de referencia (${reference}); corrígelo o solicita al PAC una clave de Confirmacion.`);
    }
  }
}

function checkCatalogos(ctx: RuleContext): void {
  const tipo = ctx.tipo;
  const tipoEntry = findEntry('c_TipoDeComprobante', tipo);
  if (!tipoEntry) {
    ctx.error('CFDI40121', 'Comprobante.TipoDeComprobante', `TipoDeComprobante "${shown(tipo)}" no está en el catálogo (I, E, T, N o P).`);
  } else if (tipoEntry.valorMaximo !== undefined && tipo !== 'T' && tipo !== 'P') {
    const total = dec(attr(ctx.root, 'Total'));
    if (total?.gt(tipoEntry.valorMaximo) && attr(ctx.root, 'Confirmacion') === undefined) {
      ctx.error('CFDI40120', 'Comprobante.Total', `El Total excede el límite del SAT para el tipo ${tipo} (${tipoEntry.valorMaximo}); solicita al PAC una clave de Confirmacion.`);
    }
  }
  const exportacion = attr(ctx.root, 'Exportacion');
  if (exportacion !== undefined && !findEntry('c_Exportacion', exportacion)) {
    ctx.error('CFDI40123', 'Comprobante.Exportacion', `Exportacion "${exportacion}" no está en el catálogo c_Exportacion.`);
  } else if (exportacion === '02' && ctx.complements(NS.cce20).length === 0 && ctx.complements('http://www.sat.gob.mx/ComercioExterior11').length === 0) {
    ctx.error('CFDI40122', 'Comprobante.Exportacion', 'Exportacion 02 (definitiva con clave A1) requiere el complemento de Comercio Exterior; agrégalo o usa 01 si no es una exportación.');
  }
  const lugar = attr(ctx.root, 'LugarExpedicion');
  if (lugar !== undefined && ctx.opts.bigCatalogs !== false && postalCodeKnown(lugar) === false) {
    ctx.error('CFDI40126', 'Comprobante.LugarExpedicion', `LugarExpedicion "${lugar}" no está en el catálogo c_CodigoPostal; usa el código postal del lugar de expedición.`);
  }
}

/** Rules on the Comprobante attributes themselves (amount sums are in totals.ts). */
export function checkComprobante(ctx: RuleContext): void {
  checkFecha(ctx);
  checkFormaMetodo(ctx);
  checkMoneda(ctx);
  checkCatalogos(ctx);
  if ((ctx.tipo === 'T' || ctx.tipo === 'P' || ctx.tipo === 'N') && attr(ctx.root, 'CondicionesDePago') !== undefined) {
    ctx.error(ctx.tipo === 'P' ? 'CRP20107' : 'CFDI40103', 'Comprobante.CondicionesDePago', `En un comprobante de tipo ${ctx.tipo} no debe existir CondicionesDePago; elimínalo.`);
  }
}
