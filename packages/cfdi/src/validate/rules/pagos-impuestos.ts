import { NS, findChild, findChildren, type XmlElement } from '../../xml';
import { findEntry, tasaOCuotaAllowed } from '../../catalogs';
import {
  Decimal,
  computePagos,
  type DoctoAmountsInput,
  type Impuesto,
  type PagoTaxInput,
  type PagosTotales,
  type TipoFactor,
} from '../../money';
import { attr, dec, decimalsOf, shown, unit, type RuleContext } from './context';
import { checkTaxNode, type TaxKind, type TaxNodeCodes } from './tax-node';

/** SAT codes for TrasladoDR (CRP20255…61) and RetencionDR (CRP20249…54). */
const DR_CODES: Record<TaxKind, TaxNodeCodes> = {
  traslado: { base: 'CRP20255', impuesto: 'CRP20256', factor: 'CRP20257', exento: 'CRP20258', missing: 'CRP20259', tasa: 'CRP20260', importe: 'CRP20261' },
  retencion: { base: 'CRP20249', impuesto: 'CRP20250', factor: 'CRP20251', exento: 'CRP20252', missing: 'CRP20259', tasa: 'CRP20253', importe: 'CRP20254' },
};

function checkDrTax(ctx: RuleContext, tax: XmlElement, kind: TaxKind, field: string, decimals: number): void {
  checkTaxNode(ctx, tax, field, { kind, suffix: 'DR', codes: DR_CODES[kind], decimals });
}

/** ObjetoImpDR and the ImpuestosDR of one DoctoRelacionado (CRP20245…CRP20261). */
export function checkDoctoTaxes(ctx: RuleContext, docto: XmlElement, field: string, decimals: number): void {
  const objeto = attr(docto, 'ObjetoImpDR') ?? '';
  const impuestos = findChild(docto, NS.pago20, 'ImpuestosDR');
  if (!findEntry('c_ObjetoImp', objeto)) {
    ctx.error('CRP20245', `${field}.ObjetoImpDR`, `ObjetoImpDR "${shown(objeto)}" no está en el catálogo c_ObjetoImp.`);
  } else if (objeto === '02' && !impuestos) {
    ctx.error('CRP20246', `${field}.ImpuestosDR`, 'Con ObjetoImpDR 02 se debe registrar ImpuestosDR con los impuestos del documento pagado.');
  } else if (['01', '03', '04', '05'].includes(objeto) && impuestos) {
    ctx.error('CRP20247', `${field}.ImpuestosDR`, `Con ObjetoImpDR ${objeto} no se registra ImpuestosDR; elimínalo.`);
  }
  if (!impuestos) return;
  const traslados = findChildren(findChild(impuestos, NS.pago20, 'TrasladosDR') ?? impuestos, NS.pago20, 'TrasladoDR');
  const retenciones = findChildren(findChild(impuestos, NS.pago20, 'RetencionesDR') ?? impuestos, NS.pago20, 'RetencionDR');
  if (traslados.length === 0 && retenciones.length === 0) {
    ctx.error('CRP20248', `${field}.ImpuestosDR`, 'ImpuestosDR debe incluir al menos un TrasladoDR o una RetencionDR.');
  }
  const impuestosDR = [...traslados, ...retenciones].map((t) => attr(t, 'ImpuestoDR'));
  if ((objeto === '06' || objeto === '08') && impuestosDR.some((imp) => imp === '002' || imp === '003')) {
    ctx.error('CRP20278', `${field}.ImpuestosDR`, `Con ObjetoImpDR ${objeto} no se registran IVA ni IEPS en ImpuestosDR (solo puede haber retención de ISR).`);
  }
  if (objeto === '07' && (impuestosDR.includes('002') || !traslados.some((t) => attr(t, 'ImpuestoDR') === '003'))) {
    ctx.error('CRP20279', `${field}.ImpuestosDR`, 'Con ObjetoImpDR 07 no se registra IVA y debe haber un TrasladoDR de IEPS (003).');
  }
  traslados.forEach((t, i) => checkDrTax(ctx, t, 'traslado', `${field}.ImpuestosDR.TrasladosDR.TrasladoDR[${i + 1}]`, decimals));
  retenciones.forEach((r, i) => checkDrTax(ctx, r, 'retencion', `${field}.ImpuestosDR.RetencionesDR.RetencionDR[${i + 1}]`, decimals));
}

function readDrTaxes(docto: XmlElement, kind: 'TrasladoDR' | 'RetencionDR'): PagoTaxInput[] {
  const impuestos = findChild(docto, NS.pago20, 'ImpuestosDR');
  if (!impuestos) return [];
  const group = findChild(impuestos, NS.pago20, kind === 'TrasladoDR' ? 'TrasladosDR' : 'RetencionesDR');
  if (!group) return [];
  return findChildren(group, NS.pago20, kind).flatMap((t): PagoTaxInput[] => {
    const factor = attr(t, 'TipoFactorDR') as TipoFactor;
    const base = attr(t, 'BaseDR');
    if (!dec(base) || (factor !== 'Exento' && (!dec(attr(t, 'ImporteDR')) || !dec(attr(t, 'TasaOCuotaDR'))))) return [];
    return [{
      impuesto: (attr(t, 'ImpuestoDR') ?? '') as Impuesto,
      tipoFactor: factor,
      base: base!,
      ...(factor !== 'Exento' ? { tasaOCuota: attr(t, 'TasaOCuotaDR'), importe: attr(t, 'ImporteDR') } : {}),
    }];
  });
}

const TOTALES: Array<[keyof PagosTotales, string, string]> = [
  ['totalRetencionesIVA', 'TotalRetencionesIVA', 'CRP20201'],
  ['totalRetencionesISR', 'TotalRetencionesISR', 'CRP20202'],
  ['totalRetencionesIEPS', 'TotalRetencionesIEPS', 'CRP20203'],
  ['totalTrasladosBaseIVA16', 'TotalTrasladosBaseIVA16', 'CRP20204'],
  ['totalTrasladosImpuestoIVA16', 'TotalTrasladosImpuestoIVA16', 'CRP20205'],
  ['totalTrasladosBaseIVA8', 'TotalTrasladosBaseIVA8', 'CRP20206'],
  ['totalTrasladosImpuestoIVA8', 'TotalTrasladosImpuestoIVA8', 'CRP20207'],
  ['totalTrasladosBaseIVA0', 'TotalTrasladosBaseIVA0', 'CRP20208'],
  ['totalTrasladosImpuestoIVA0', 'TotalTrasladosImpuestoIVA0', 'CRP20209'],
  ['totalTrasladosBaseIVAExento', 'TotalTrasladosBaseIVAExento', 'CRP20210'],
  ['montoTotalPagos', 'MontoTotalPagos', 'CRP20211'],
];

/** Declared value matches the computed one at the declared precision (±1 in its last digit). */
function close(declared: string, computed: string): boolean {
  const d = dec(declared);
  return d !== undefined && d.minus(computed).abs().lte(unit(Math.min(decimalsOf(declared), 6)));
}

function checkImpuestosP(ctx: RuleContext, pago: XmlElement, field: string, expected: ReturnType<typeof computePagos>['pagos'][number]): void {
  const impuestos = findChild(pago, NS.pago20, 'ImpuestosP');
  const trasladosP = impuestos ? findChildren(findChild(impuestos, NS.pago20, 'TrasladosP') ?? impuestos, NS.pago20, 'TrasladoP') : [];
  const retencionesP = impuestos ? findChildren(findChild(impuestos, NS.pago20, 'RetencionesP') ?? impuestos, NS.pago20, 'RetencionP') : [];
  const seenR = new Set<string>();
  retencionesP.forEach((r, i) => {
    const f = `${field}.ImpuestosP.RetencionesP.RetencionP[${i + 1}]`;
    const imp = attr(r, 'ImpuestoP') ?? '';
    if (!findEntry('c_Impuesto', imp)) return ctx.error('CRP20262', `${f}.ImpuestoP`, `ImpuestoP "${imp}" no está en el catálogo c_Impuesto.`);
    if (seenR.has(imp)) return ctx.error('CRP20263', `${f}.ImpuestoP`, `Solo debe haber una RetencionP por impuesto; ${imp} está repetido.`);
    seenR.add(imp);
    const want = expected.retenciones.find((e) => e.impuestoP === imp);
    if (!want || !close(attr(r, 'ImporteP') ?? '', want.importeP)) {
      ctx.error('CRP20265', `${f}.ImporteP`, `ImporteP de la retención ${imp} debe ser la suma de las RetencionDR convertidas a MonedaP${want ? `: ${want.importeP}` : ' (no hay ninguna)'}.`, want ? { field: `${f}.ImporteP`, value: want.importeP } : undefined);
    }
  });
  const seenT = new Set<string>();
  trasladosP.forEach((t, i) => {
    const f = `${field}.ImpuestosP.TrasladosP.TrasladoP[${i + 1}]`;
    const imp = attr(t, 'ImpuestoP') ?? '';
    const factor = attr(t, 'TipoFactorP') ?? '';
    const tasa = attr(t, 'TasaOCuotaP');
    if (!findEntry('c_Impuesto', imp)) return ctx.error('CRP20270', `${f}.ImpuestoP`, `ImpuestoP "${imp}" no está en el catálogo c_Impuesto.`);
    const key = `${imp}|${factor}|${dec(tasa)?.toFixed(6) ?? ''}`;
    if (seenT.has(key)) return ctx.error('CRP20271', f, `Solo debe haber un TrasladoP por impuesto, factor y tasa; ${imp} ${factor} ${tasa ?? ''} está repetido.`);
    seenT.add(key);
    if (factor !== 'Exento' && !tasaOCuotaAllowed({ impuesto: imp, tipoFactor: factor as 'Tasa' | 'Cuota', valor: tasa, tipo: 'traslado' })) {
      return ctx.error('CRP20272', `${f}.TasaOCuotaP`, `TasaOCuotaP ${shown(tasa)} no está permitida en c_TasaOCuota para ${imp} ${factor}.`);
    }
    const want = expected.traslados.find((e) => `${e.impuestoP}|${e.tipoFactorP}|${e.tasaOCuotaP ?? ''}` === key);
    if (!want || !close(attr(t, 'BaseP') ?? '', want.baseP)) {
      ctx.error(factor === 'Exento' ? 'CRP20269' : 'CRP20268', `${f}.BaseP`, `BaseP de ${imp} ${factor} ${tasa ?? ''} debe ser la suma de las BaseDR convertidas a MonedaP${want ? `: ${want.baseP}` : ' (no hay ninguna)'}.`, want ? { field: `${f}.BaseP`, value: want.baseP } : undefined);
    }
    if (want?.importeP !== undefined && !close(attr(t, 'ImporteP') ?? '', want.importeP)) {
      ctx.error('CRP20274', `${f}.ImporteP`, `ImporteP de ${imp} ${factor} ${tasa ?? ''} debe ser la suma de los ImporteDR convertidos a MonedaP: ${want.importeP}.`, { field: `${f}.ImporteP`, value: want.importeP });
    }
  });
  const missing = [...expected.traslados.filter((e) => !seenT.has(`${e.impuestoP}|${e.tipoFactorP}|${e.tasaOCuotaP ?? ''}`)).map((e) => `${e.impuestoP} ${e.tipoFactorP}`), ...expected.retenciones.filter((e) => !seenR.has(e.impuestoP)).map((e) => `retención ${e.impuestoP}`)];
  if (missing.length > 0) {
    ctx.error(expected.traslados.length > 0 ? 'CRP20268' : 'CRP20265', `${field}.ImpuestosP`, `Faltan en ImpuestosP los impuestos de los documentos relacionados: ${missing.join(', ')}.`);
  }
}

/** ImpuestosP of every Pago and the Totales node against the DoctoRelacionado data (B1's calculator). */
export function checkPagosTotales(ctx: RuleContext, pagos: XmlElement): void {
  const list = findChildren(pagos, NS.pago20, 'Pago');
  let computed: ReturnType<typeof computePagos>;
  try {
    computed = computePagos(list.map((pago) => ({
      monedaP: attr(pago, 'MonedaP') ?? 'MXN',
      tipoCambioP: dec(attr(pago, 'TipoCambioP'))?.gt(0) ? attr(pago, 'TipoCambioP') : '1',
      monto: dec(attr(pago, 'Monto')) ? attr(pago, 'Monto') : undefined,
      doctos: findChildren(pago, NS.pago20, 'DoctoRelacionado').map((d): DoctoAmountsInput => ({
        equivalenciaDR: dec(attr(d, 'EquivalenciaDR'))?.gt(0) ? attr(d, 'EquivalenciaDR') : '1',
        impSaldoAnt: dec(attr(d, 'ImpSaldoAnt')) ? attr(d, 'ImpSaldoAnt')! : '0',
        impPagado: dec(attr(d, 'ImpPagado')) ? attr(d, 'ImpPagado')! : '0',
        monedaDR: attr(d, 'MonedaDR'),
        traslados: readDrTaxes(d, 'TrasladoDR'),
        retenciones: readDrTaxes(d, 'RetencionDR'),
      })),
    })));
  } catch {
    return; // Monto below Σ ImpPagado or a negative saldo: the per-pago rules already report it.
  }
  list.forEach((pago, i) => checkImpuestosP(ctx, pago, `Comprobante.Complemento.Pagos.Pago[${i + 1}]`, computed.pagos[i]!));
  const totales = findChild(pagos, NS.pago20, 'Totales');
  for (const [key, name, code] of TOTALES) {
    const want = computed.totales[key];
    const declared = attr(totales, name);
    const field = `Comprobante.Complemento.Pagos.Totales.${name}`;
    if (want === undefined && declared !== undefined && !dec(declared)?.isZero()) {
      ctx.error(code, field, `${name} no debe registrarse: ningún documento relacionado tiene ese impuesto.`);
    } else if (want !== undefined && (declared === undefined || !dec(declared)?.eq(new Decimal(want)))) {
      ctx.error(code, field, `${name} (${shown(declared)}) debe ser ${want}: la suma de los impuestos de los pagos por su TipoCambioP.`, { field, value: want });
    }
  }
}
