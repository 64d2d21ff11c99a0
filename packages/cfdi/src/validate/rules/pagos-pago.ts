import { NS, findChildren, type XmlElement } from '../../xml';
import { findEntry } from '../../catalogs';
import { Decimal, fixed, toPaymentCurrency, truncateTo } from '../../money';
import { RFC_EXTRANJERO } from '../../rfc';
import { attr, dec, decimalsOf, shown, type RuleContext } from './context';
import { checkDoctoTaxes } from './pagos-impuestos';

const P = 'Comprobante.Complemento.Pagos';

const monedaDecimals = (moneda: string | undefined): number => findEntry('c_Moneda', moneda ?? '')?.decimales ?? 2;

/** Bank-account attributes allowed by the FormaDePagoP (c_FormaPago columns), CRP20221…CRP20228. */
function checkCuentas(ctx: RuleContext, pago: XmlElement, field: string, forma: string): void {
  const entry = findEntry('c_FormaPago', forma);
  if (!entry) return;
  const rules: Array<{ attr: string; allowed: boolean; code: string; pattern?: string; patternCode?: string }> = [
    { attr: 'RfcEmisorCtaOrd', allowed: entry.permiteRfcBancoOrdenante, code: 'CRP20221' },
    { attr: 'CtaOrdenante', allowed: entry.permiteCuentaOrdenante, code: 'CRP20224', pattern: entry.patronCuentaOrdenante, patternCode: 'CRP20225' },
    { attr: 'RfcEmisorCtaBen', allowed: entry.permiteRfcBancoBeneficiario, code: 'CRP20227' },
    { attr: 'CtaBeneficiario', allowed: entry.permiteCuentaBeneficiario, code: 'CRP20228', pattern: entry.patronCuentaBeneficiario, patternCode: 'CRP20226' },
  ];
  for (const rule of rules) {
    const value = attr(pago, rule.attr);
    // An empty value is the XSD's to report (minLength); judging its pattern here would say it twice.
    if (value === undefined || value === '') continue;
    if (!rule.allowed) {
      ctx.error(rule.code, `${field}.${rule.attr}`, `Con FormaDePagoP ${forma} (${entry.descripcion}) no se registra ${rule.attr}; elimínalo.`);
    } else if (rule.pattern && rule.patternCode && !new RegExp(`^(?:${rule.pattern})$`).test(value)) {
      ctx.error(rule.patternCode, `${field}.${rule.attr}`, `${rule.attr} "${value}" no cumple el formato que el SAT pide para FormaDePagoP ${forma} (${rule.pattern}).`);
    }
  }
  if (attr(pago, 'RfcEmisorCtaOrd') === RFC_EXTRANJERO && attr(pago, 'NomBancoOrdExt') === undefined) {
    ctx.error('CRP20223', `${field}.NomBancoOrdExt`, 'Si el banco ordenante es extranjero (XEXX010101000) se debe registrar NomBancoOrdExt.');
  }
  const cadena = ['CertPago', 'CadPago', 'SelloPago'];
  if (attr(pago, 'TipoCadPago') !== undefined) {
    if (!entry.permiteTipoCadenaPago) {
      ctx.error('CRP20229', `${field}.TipoCadPago`, `TipoCadPago solo se registra con FormaDePagoP 03 (transferencia); con ${forma} elimínalo.`);
    }
    for (const name of cadena) {
      if (attr(pago, name) === undefined) ctx.error('CRP20231', `${field}.${name}`, `Con TipoCadPago se debe registrar ${name}.`);
    }
  } else {
    for (const name of cadena) {
      if (attr(pago, name) !== undefined) ctx.error('CRP20230', `${field}.${name}`, `Sin TipoCadPago no se registra ${name}; elimínalo.`);
    }
  }
}

function checkDocto(ctx: RuleContext, docto: XmlElement, field: string, monedaP: string): Decimal | undefined {
  const monedaDR = attr(docto, 'MonedaDR') ?? '';
  const equivalencia = attr(docto, 'EquivalenciaDR');
  const decimals = monedaDecimals(monedaDR);
  if (monedaDR === 'XXX') ctx.error('CRP20236', `${field}.MonedaDR`, 'MonedaDR no puede ser XXX; registra la moneda del documento relacionado.');
  if (monedaDR !== monedaP && equivalencia === undefined) {
    ctx.error('CRP20237', `${field}.EquivalenciaDR`, `MonedaDR (${monedaDR}) es distinta de MonedaP (${monedaP}): se debe registrar EquivalenciaDR (unidades de ${monedaDR} por una de ${monedaP}).`);
  } else if (monedaDR === monedaP && equivalencia !== undefined && !dec(equivalencia)?.eq(1)) {
    ctx.error('CRP20238', `${field}.EquivalenciaDR`, 'Si MonedaDR y MonedaP son iguales, EquivalenciaDR debe ser 1.', { field: `${field}.EquivalenciaDR`, value: '1' });
  }
  const anterior = attr(docto, 'ImpSaldoAnt');
  const pagado = attr(docto, 'ImpPagado');
  const insoluto = attr(docto, 'ImpSaldoInsoluto');
  const amounts: Array<[string, string | undefined, string | undefined]> = [
    ['ImpSaldoAnt', anterior, 'CRP20240'],
    ['ImpPagado', pagado, 'CRP20242'],
    ['ImpSaldoInsoluto', insoluto, 'CRP20243'],
  ];
  for (const [name, value, code] of amounts) {
    if (value !== undefined && dec(value) && decimalsOf(value) > decimals) {
      ctx.error(code!, `${field}.${name}`, `${name} (${value}) tiene más decimales de los que admite ${monedaDR} (${decimals}).`, { field: `${field}.${name}`, value: fixed(value, decimals) });
    }
  }
  if (!dec(anterior)?.gt(0)) ctx.error('CRP20239', `${field}.ImpSaldoAnt`, `ImpSaldoAnt debe ser mayor que cero (se registró ${shown(anterior)}).`);
  if (!dec(pagado)?.gt(0)) ctx.error('CRP20241', `${field}.ImpPagado`, `ImpPagado debe ser mayor que cero (se registró ${shown(pagado)}).`);
  if (dec(anterior) && dec(pagado)) {
    const expected = dec(anterior)!.minus(dec(pagado)!);
    if (expected.isNegative()) {
      ctx.error('CRP20244', `${field}.ImpPagado`, `ImpPagado (${pagado}) no puede ser mayor que el saldo anterior (${anterior}).`);
    } else if (!dec(insoluto)?.eq(expected)) {
      const value = fixed(expected, decimals);
      ctx.error('CRP20244', `${field}.ImpSaldoInsoluto`, `ImpSaldoInsoluto debe ser ImpSaldoAnt − ImpPagado = ${value}.`, { field: `${field}.ImpSaldoInsoluto`, value });
    }
  }
  checkDoctoTaxes(ctx, docto, field, decimals);
  return dec(pagado) ? toPaymentCurrency(pagado!, dec(equivalencia)?.gt(0) ? equivalencia! : '1') : undefined;
}

/** Parcialidades of one IdDocumento must grow and chain saldo to saldo across the document. */
function checkParcialidades(ctx: RuleContext, doctos: Array<{ el: XmlElement; field: string }>): void {
  const last = new Map<string, { num: number; insoluto?: string }>();
  for (const { el, field } of doctos) {
    const id = (attr(el, 'IdDocumento') ?? '').toUpperCase();
    const num = Number(attr(el, 'NumParcialidad'));
    const prev = id ? last.get(id) : undefined;
    // SAT does not cross-check parcialidades inside one receipt, so these are warnings: they catch
    // typos (a repeated parcialidad, a saldo that does not chain) before the customer does.
    if (prev && Number.isFinite(num)) {
      if (num <= prev.num) {
        ctx.warn('FAC-PARCIALIDAD', `${field}.NumParcialidad`, `NumParcialidad ${num} del documento ${id} debería ser mayor que la anterior (${prev.num}).`);
      } else if (prev.insoluto !== undefined && !dec(attr(el, 'ImpSaldoAnt'))?.eq(prev.insoluto)) {
        ctx.warn('FAC-PARCIALIDAD', `${field}.ImpSaldoAnt`, `ImpSaldoAnt del documento ${id} debería ser el saldo insoluto de la parcialidad anterior (${prev.insoluto}).`, { field: `${field}.ImpSaldoAnt`, value: prev.insoluto });
      }
    }
    if (Number.isFinite(num)) last.set(id, { num, insoluto: attr(el, 'ImpSaldoInsoluto') });
  }
}

function checkPago(ctx: RuleContext, pago: XmlElement, field: string, doctos: Array<{ el: XmlElement; field: string }>): void {
  const forma = attr(pago, 'FormaDePagoP') ?? '';
  const monedaP = attr(pago, 'MonedaP') ?? '';
  const tipoCambio = attr(pago, 'TipoCambioP');
  const monto = attr(pago, 'Monto');
  if (forma === '99') ctx.error('CRP20212', `${field}.FormaDePagoP`, 'FormaDePagoP no puede ser 99 "Por definir": registra la forma en que se recibió el pago.');
  else if (!findEntry('c_FormaPago', forma)) ctx.error('CRP20212', `${field}.FormaDePagoP`, `FormaDePagoP "${shown(forma)}" no está en el catálogo c_FormaPago.`);
  if (monedaP === 'XXX') ctx.error('CRP20213', `${field}.MonedaP`, 'MonedaP no puede ser XXX; registra la moneda en que se recibió el pago.');
  if (monedaP !== 'MXN' && tipoCambio === undefined) {
    ctx.error('CRP20214', `${field}.TipoCambioP`, `Con MonedaP ${monedaP} se debe registrar TipoCambioP.`);
  } else if (monedaP === 'MXN' && tipoCambio !== undefined && !dec(tipoCambio)?.eq(1)) {
    ctx.error('CRP20215', `${field}.TipoCambioP`, 'Con MonedaP MXN, TipoCambioP debe ser 1.', { field: `${field}.TipoCambioP`, value: '1' });
  }
  const decimalsP = monedaDecimals(monedaP);
  if (!dec(monto)?.gt(0)) ctx.error('CRP20218', `${field}.Monto`, `El Monto del pago debe ser mayor que cero (se registró ${shown(monto)}).`);
  else if (decimalsOf(monto!) > decimalsP) {
    ctx.error('CRP20219', `${field}.Monto`, `El Monto (${monto}) tiene más decimales de los que admite ${monedaP} (${decimalsP}).`, { field: `${field}.Monto`, value: fixed(monto!, decimalsP) });
  }
  checkCuentas(ctx, pago, field, forma);
  let paid = new Decimal(0);
  findChildren(pago, NS.pago20, 'DoctoRelacionado').forEach((docto, i) => {
    const dfield = `${field}.DoctoRelacionado[${i + 1}]`;
    doctos.push({ el: docto, field: dfield });
    paid = paid.plus(checkDocto(ctx, docto, dfield, monedaP) ?? 0);
  });
  const minimo = truncateTo(paid, decimalsP);
  if (dec(monto) && dec(monto)!.lt(minimo)) {
    ctx.error('CRP20217', `${field}.Monto`, `El Monto (${monto}) es menor que la suma de los importes pagados de los documentos en ${monedaP} (${minimo.toFixed(decimalsP)}).`, { field: `${field}.Monto`, value: minimo.toFixed(decimalsP) });
  }
}

/** Each Pago and DoctoRelacionado of the Pagos 2.0 complement. */
export function checkPagos(ctx: RuleContext, pagos: XmlElement): void {
  const doctos: Array<{ el: XmlElement; field: string }> = [];
  findChildren(pagos, NS.pago20, 'Pago').forEach((pago, i) => checkPago(ctx, pago, `${P}.Pago[${i + 1}]`, doctos));
  checkParcialidades(ctx, doctos);
}
