import { describe, type CatalogName } from '../../catalogs';
import { NS, findChild, findChildren, type XmlElement } from '../../xml';
import { readDecimal } from './format';

const label = (catalog: CatalogName, clave: string | undefined): string => (clave ? describe(catalog, clave) : '');
const attr = (node: XmlElement | undefined, name: string): string => node?.attrs.get(name) ?? '';

export interface DoctoRelacionadoView {
  idDocumento: string;
  serieFolio: string;
  monedaDR: string;
  equivalenciaDR: string;
  numParcialidad: string;
  impSaldoAnt: string;
  impPagado: string;
  impSaldoInsoluto: string;
  objetoImpDR: string;
}

export interface PagoView {
  fechaPago: string;
  formaDePago: string;
  moneda: string;
  tipoCambio: string;
  monto: string;
  numOperacion: string;
  cuentas: string;
  documentos: DoctoRelacionadoView[];
}

export interface PagosView {
  montoTotalPagos: string;
  /** Non-empty Totales attributes, e.g. ["Total traslados base IVA 16%", "12931.04"]. */
  totales: Array<[string, string]>;
  pagos: PagoView[];
}

const TOTALES_LABELS: Record<string, string> = {
  TotalRetencionesIVA: 'Total retenciones IVA',
  TotalRetencionesISR: 'Total retenciones ISR',
  TotalRetencionesIEPS: 'Total retenciones IEPS',
  TotalTrasladosBaseIVA16: 'Total traslados base IVA 16%',
  TotalTrasladosImpuestoIVA16: 'Total traslados IVA 16%',
  TotalTrasladosBaseIVA8: 'Total traslados base IVA 8%',
  TotalTrasladosImpuestoIVA8: 'Total traslados IVA 8%',
  TotalTrasladosBaseIVA0: 'Total traslados base IVA 0%',
  TotalTrasladosImpuestoIVA0: 'Total traslados IVA 0%',
  TotalTrasladosBaseIVAExento: 'Total traslados base IVA exento',
};

/** The Pagos 2.0 complement, when present. */
export function readPagosView(complemento: XmlElement | undefined): PagosView | undefined {
  const pagos = complemento && findChild(complemento, NS.pago20, 'Pagos');
  if (!pagos) return undefined;
  const totales = findChild(pagos, NS.pago20, 'Totales');
  return {
    montoTotalPagos: attr(totales, 'MontoTotalPagos'),
    totales: Object.entries(TOTALES_LABELS)
      .filter(([key]) => attr(totales, key) !== '')
      .map(([key, text]) => [text, attr(totales, key)]),
    pagos: findChildren(pagos, NS.pago20, 'Pago').map((p) => ({
      fechaPago: attr(p, 'FechaPago'),
      formaDePago: label('c_FormaPago', attr(p, 'FormaDePagoP')),
      moneda: attr(p, 'MonedaP'),
      tipoCambio: attr(p, 'TipoCambioP'),
      monto: attr(p, 'Monto'),
      numOperacion: attr(p, 'NumOperacion'),
      cuentas: [
        attr(p, 'CtaOrdenante') && `Ordenante ${attr(p, 'RfcEmisorCtaOrd')} ${attr(p, 'CtaOrdenante')}`.replace(/\s+/g, ' '),
        attr(p, 'CtaBeneficiario') && `Beneficiario ${attr(p, 'RfcEmisorCtaBen')} ${attr(p, 'CtaBeneficiario')}`.replace(/\s+/g, ' '),
      ]
        .filter(Boolean)
        .join(' · '),
      documentos: findChildren(p, NS.pago20, 'DoctoRelacionado').map((d) => ({
        idDocumento: attr(d, 'IdDocumento'),
        serieFolio: [attr(d, 'Serie'), attr(d, 'Folio')].filter(Boolean).join('-'),
        monedaDR: attr(d, 'MonedaDR'),
        equivalenciaDR: attr(d, 'EquivalenciaDR'),
        numParcialidad: attr(d, 'NumParcialidad'),
        impSaldoAnt: attr(d, 'ImpSaldoAnt'),
        impPagado: attr(d, 'ImpPagado'),
        impSaldoInsoluto: attr(d, 'ImpSaldoInsoluto'),
        objetoImpDR: label('c_ObjetoImp', attr(d, 'ObjetoImpDR')),
      })),
    })),
  };
}

export interface NominaLine {
  tipo: string;
  clave: string;
  concepto: string;
  /** Gravado / exento for percepciones; only `importe` for the rest. */
  gravado?: string;
  exento?: string;
  importe: string;
}

export interface NominaView {
  tipoNomina: string;
  fechaPago: string;
  periodo: string;
  numDiasPagados: string;
  registroPatronal: string;
  empleado: Array<[string, string]>;
  percepciones: NominaLine[];
  deducciones: NominaLine[];
  otrosPagos: NominaLine[];
  totalPercepciones: string;
  totalDeducciones: string;
  totalOtrosPagos: string;
  /** Percepciones + otros pagos − deducciones. */
  neto: string;
}

/** Σ values as text with 2 decimals, or '' when one is not a readable decimal (shown as written elsewhere). */
function sumText(values: string[], minus: string[] = []): string {
  let total = readDecimal('0')!;
  for (const [list, sign] of [[values, 1], [minus, -1]] as const) {
    for (const v of list) {
      const d = readDecimal(v || '0');
      if (d === undefined) return '';
      total = sign === 1 ? total.plus(d) : total.minus(d);
    }
  }
  return total.toFixed(2);
}

/** The Nómina 1.2 complement, when present. */
export function readNominaView(complemento: XmlElement | undefined): NominaView | undefined {
  const nomina = complemento && findChild(complemento, NS.nomina12, 'Nomina');
  if (!nomina) return undefined;
  const emisor = findChild(nomina, NS.nomina12, 'Emisor');
  const receptor = findChild(nomina, NS.nomina12, 'Receptor');
  const a = (name: string) => attr(nomina, name);
  const r = (name: string) => attr(receptor, name);
  const group = (container: string, item: string) => {
    const node = findChild(nomina, NS.nomina12, container);
    return node ? findChildren(node, NS.nomina12, item) : [];
  };
  const percepciones = group('Percepciones', 'Percepcion').map((p) => ({
    tipo: label('c_TipoPercepcion', attr(p, 'TipoPercepcion')),
    clave: attr(p, 'Clave'),
    concepto: attr(p, 'Concepto'),
    gravado: attr(p, 'ImporteGravado'),
    exento: attr(p, 'ImporteExento'),
    importe: sumText([attr(p, 'ImporteGravado'), attr(p, 'ImporteExento')]),
  }));
  const deducciones = group('Deducciones', 'Deduccion').map((d) => ({
    tipo: label('c_TipoDeduccion', attr(d, 'TipoDeduccion')),
    clave: attr(d, 'Clave'),
    concepto: attr(d, 'Concepto'),
    importe: attr(d, 'Importe'),
  }));
  const otrosPagos = group('OtrosPagos', 'OtroPago').map((o) => {
    const subsidio = findChild(o, NS.nomina12, 'SubsidioAlEmpleo');
    const causado = attr(subsidio, 'SubsidioCausado');
    return {
      tipo: label('c_TipoOtroPago', attr(o, 'TipoOtroPago')),
      clave: attr(o, 'Clave'),
      concepto: causado ? `${attr(o, 'Concepto')} (subsidio causado ${causado})` : attr(o, 'Concepto'),
      importe: attr(o, 'Importe'),
    };
  });
  const totalPercepciones = a('TotalPercepciones') || '0';
  const totalDeducciones = a('TotalDeducciones') || '0';
  const totalOtrosPagos = a('TotalOtrosPagos') || '0';
  const empleado: Array<[string, string]> = [
    ['No. empleado', r('NumEmpleado')],
    ['CURP', r('Curp')],
    ['NSS', r('NumSeguridadSocial')],
    ['Inicio relación laboral', r('FechaInicioRelLaboral')],
    ['Antigüedad', r('Antigüedad')],
    ['Tipo de contrato', label('c_TipoContrato', r('TipoContrato'))],
    ['Tipo de jornada', label('c_TipoJornada', r('TipoJornada'))],
    ['Régimen', label('c_TipoRegimen', r('TipoRegimen'))],
    ['Departamento', r('Departamento')],
    ['Puesto', r('Puesto')],
    ['Riesgo del puesto', label('c_RiesgoPuesto', r('RiesgoPuesto'))],
    ['Periodicidad de pago', label('c_PeriodicidadPago', r('PeriodicidadPago'))],
    ['Salario base de cotización', r('SalarioBaseCotApor')],
    ['Salario diario integrado', r('SalarioDiarioIntegrado')],
    ['Entidad federativa', r('ClaveEntFed')],
  ].filter((pair): pair is [string, string] => pair[1] !== '');
  return {
    tipoNomina: label('c_TipoNomina', a('TipoNomina')),
    fechaPago: a('FechaPago'),
    periodo: `${a('FechaInicialPago')} al ${a('FechaFinalPago')}`,
    numDiasPagados: a('NumDiasPagados'),
    registroPatronal: attr(emisor, 'RegistroPatronal'),
    empleado,
    percepciones,
    deducciones,
    otrosPagos,
    totalPercepciones,
    totalDeducciones,
    totalOtrosPagos,
    neto: sumText([totalPercepciones, totalOtrosPagos], [totalDeducciones]),
  };
}
