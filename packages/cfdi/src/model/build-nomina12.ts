import { NS, type XmlElement } from '../xml';
import { Decimal, fixed, sum, toDecimal } from '../money';
import { node } from './xml-util';
import type { Deduccion, Incapacidad, JubilacionPensionRetiro, NominaEmisor, NominaReceptor, OtroPago, Percepcion, SeparacionIndemnizacion } from './types-nomina';

const N = NS.nomina12;
const P = 'nomina12';

/** Percepción input: like the typed view; HorasExtra may be omitted. */
export type PercepcionInput = Omit<Percepcion, 'horasExtra'> & { horasExtra?: Percepcion['horasExtra'] };

export interface NominaInput {
  tipoNomina: 'O' | 'E';
  /** Dates as "YYYY-MM-DD". */
  fechaPago: string;
  fechaInicialPago: string;
  fechaFinalPago: string;
  numDiasPagados: string;
  emisor?: NominaEmisor;
  receptor: NominaReceptor;
  percepciones?: PercepcionInput[];
  jubilacionPensionRetiro?: JubilacionPensionRetiro;
  separacionIndemnizacion?: SeparacionIndemnizacion;
  deducciones?: Deduccion[];
  otrosPagos?: OtroPago[];
  incapacidades?: Incapacidad[];
}

/** Totals of the Nómina 1.2 complement and of the CFDI that carries it (decimal strings, 2 decimals). */
export interface NominaTotals {
  totalSueldos?: string;
  totalSeparacionIndemnizacion?: string;
  totalJubilacionPensionRetiro?: string;
  totalGravado?: string;
  totalExento?: string;
  totalPercepciones?: string;
  totalImpuestosRetenidos?: string;
  totalOtrasDeducciones?: string;
  totalDeducciones?: string;
  totalOtrosPagos?: string;
  /** CFDI SubTotal = TotalPercepciones + TotalOtrosPagos. */
  subTotal: string;
  /** CFDI Descuento = TotalDeducciones (absent without deducciones). */
  descuento?: string;
  /** CFDI Total = SubTotal − Descuento. */
  total: string;
}

// Guía de llenado Nómina 1.2: TipoPercepcion 022, 023, 025 are separación/indemnización,
// 039 and 044 jubilación/pensión/retiro; everything else counts as sueldos.
const SEPARACION = new Set(['022', '023', '025']);
const JUBILACION = new Set(['039', '044']);
const ISR_DEDUCCION = '002';

const money = (d: Decimal) => fixed(d, 2);
const amount = (p: PercepcionInput) => toDecimal(p.importeGravado).plus(toDecimal(p.importeExento));

/** Computes every Nómina 1.2 total from its lines (rules of the Guía de llenado, revisión E). */
export function computeNominaTotals(input: NominaInput): NominaTotals {
  const percepciones = input.percepciones ?? [];
  const deducciones = input.deducciones ?? [];
  const otrosPagos = input.otrosPagos ?? [];
  const sueldos = percepciones.filter((p) => !SEPARACION.has(p.tipoPercepcion) && !JUBILACION.has(p.tipoPercepcion));
  const separacion = percepciones.filter((p) => SEPARACION.has(p.tipoPercepcion));
  const jubilacion = percepciones.filter((p) => JUBILACION.has(p.tipoPercepcion));
  const totalPercepciones = sum(percepciones.map(amount));
  const isr = deducciones.filter((d) => d.tipoDeduccion === ISR_DEDUCCION);
  const otras = deducciones.filter((d) => d.tipoDeduccion !== ISR_DEDUCCION);
  const totalDeducciones = sum(deducciones.map((d) => d.importe));
  const totalOtrosPagos = sum(otrosPagos.map((o) => o.importe));
  const subTotal = totalPercepciones.plus(totalOtrosPagos);
  const has = <T>(list: T[], value: Decimal) => (list.length > 0 ? money(value) : undefined);
  return {
    totalSueldos: has(sueldos, sum(sueldos.map(amount))),
    totalSeparacionIndemnizacion: has(separacion, sum(separacion.map(amount))),
    totalJubilacionPensionRetiro: has(jubilacion, sum(jubilacion.map(amount))),
    totalGravado: has(percepciones, sum(percepciones.map((p) => p.importeGravado))),
    totalExento: has(percepciones, sum(percepciones.map((p) => p.importeExento))),
    totalPercepciones: has(percepciones, totalPercepciones),
    totalImpuestosRetenidos: has(isr, sum(isr.map((d) => d.importe))),
    totalOtrasDeducciones: has(otras, sum(otras.map((d) => d.importe))),
    totalDeducciones: has(deducciones, totalDeducciones),
    totalOtrosPagos: has(otrosPagos, totalOtrosPagos),
    subTotal: money(subTotal),
    descuento: has(deducciones, totalDeducciones),
    total: money(subTotal.minus(totalDeducciones)),
  };
}

function receptorNode(r: NominaReceptor): XmlElement {
  return node(
    P,
    N,
    'Receptor',
    [
      ['Curp', r.curp],
      ['NumSeguridadSocial', r.numSeguridadSocial],
      ['FechaInicioRelLaboral', r.fechaInicioRelLaboral],
      ['Antigüedad', r.antigüedad],
      ['TipoContrato', r.tipoContrato],
      ['Sindicalizado', r.sindicalizado],
      ['TipoJornada', r.tipoJornada],
      ['TipoRegimen', r.tipoRegimen],
      ['NumEmpleado', r.numEmpleado],
      ['Departamento', r.departamento],
      ['Puesto', r.puesto],
      ['RiesgoPuesto', r.riesgoPuesto],
      ['PeriodicidadPago', r.periodicidadPago],
      ['Banco', r.banco],
      ['CuentaBancaria', r.cuentaBancaria],
      ['SalarioBaseCotApor', r.salarioBaseCotApor],
      ['SalarioDiarioIntegrado', r.salarioDiarioIntegrado],
      ['ClaveEntFed', r.claveEntFed],
    ],
    r.subContratacion.map((s) => node(P, N, 'SubContratacion', [['RfcLabora', s.rfcLabora], ['PorcentajeTiempo', s.porcentajeTiempo]])),
  );
}

function percepcionesNode(input: NominaInput, t: NominaTotals): XmlElement | undefined {
  const list = input.percepciones ?? [];
  if (list.length === 0) return undefined;
  const j = input.jubilacionPensionRetiro;
  const s = input.separacionIndemnizacion;
  return node(
    P,
    N,
    'Percepciones',
    [
      ['TotalSueldos', t.totalSueldos],
      ['TotalSeparacionIndemnizacion', t.totalSeparacionIndemnizacion],
      ['TotalJubilacionPensionRetiro', t.totalJubilacionPensionRetiro],
      ['TotalGravado', t.totalGravado],
      ['TotalExento', t.totalExento],
    ],
    [
      ...list.map((p) =>
        node(
          P,
          N,
          'Percepcion',
          [
            ['TipoPercepcion', p.tipoPercepcion],
            ['Clave', p.clave],
            ['Concepto', p.concepto],
            ['ImporteGravado', fixed(p.importeGravado, 2)],
            ['ImporteExento', fixed(p.importeExento, 2)],
          ],
          [
            p.accionesOTitulos &&
              node(P, N, 'AccionesOTitulos', [
                ['ValorMercado', p.accionesOTitulos.valorMercado],
                ['PrecioAlOtorgarse', p.accionesOTitulos.precioAlOtorgarse],
              ]),
            ...(p.horasExtra ?? []).map((h) =>
              node(P, N, 'HorasExtra', [
                ['Dias', h.dias],
                ['TipoHoras', h.tipoHoras],
                ['HorasExtra', h.horasExtra],
                ['ImportePagado', fixed(h.importePagado, 2)],
              ]),
            ),
          ],
        ),
      ),
      j &&
        node(P, N, 'JubilacionPensionRetiro', [
          ['TotalUnaExhibicion', j.totalUnaExhibicion],
          ['TotalParcialidad', j.totalParcialidad],
          ['MontoDiario', j.montoDiario],
          ['IngresoAcumulable', j.ingresoAcumulable],
          ['IngresoNoAcumulable', j.ingresoNoAcumulable],
        ]),
      s &&
        node(P, N, 'SeparacionIndemnizacion', [
          ['TotalPagado', s.totalPagado],
          ['NumAñosServicio', s.numAñosServicio],
          ['UltimoSueldoMensOrd', s.ultimoSueldoMensOrd],
          ['IngresoAcumulable', s.ingresoAcumulable],
          ['IngresoNoAcumulable', s.ingresoNoAcumulable],
        ]),
    ],
  );
}

/**
 * Builds the nomina12:Nomina complement (Version 1.2) with every total computed from its lines.
 * @returns the element and the totals, which the CFDI of type N takes its SubTotal/Descuento/Total from
 */
export function buildNomina12(input: NominaInput): { element: XmlElement; totals: NominaTotals } {
  const t = computeNominaTotals(input);
  const e = input.emisor;
  const deducciones = input.deducciones ?? [];
  const otrosPagos = input.otrosPagos ?? [];
  const incapacidades = input.incapacidades ?? [];
  const element = node(
    P,
    N,
    'Nomina',
    [
      ['Version', '1.2'],
      ['TipoNomina', input.tipoNomina],
      ['FechaPago', input.fechaPago],
      ['FechaInicialPago', input.fechaInicialPago],
      ['FechaFinalPago', input.fechaFinalPago],
      ['NumDiasPagados', input.numDiasPagados],
      ['TotalPercepciones', t.totalPercepciones],
      ['TotalDeducciones', t.totalDeducciones],
      ['TotalOtrosPagos', t.totalOtrosPagos],
    ],
    [
      e &&
        node(
          P,
          N,
          'Emisor',
          [['Curp', e.curp], ['RegistroPatronal', e.registroPatronal], ['RfcPatronOrigen', e.rfcPatronOrigen]],
          [e.entidadSNCF && node(P, N, 'EntidadSNCF', [['OrigenRecurso', e.entidadSNCF.origenRecurso], ['MontoRecursoPropio', e.entidadSNCF.montoRecursoPropio]])],
        ),
      receptorNode(input.receptor),
      percepcionesNode(input, t),
      deducciones.length > 0 &&
        node(
          P,
          N,
          'Deducciones',
          [['TotalOtrasDeducciones', t.totalOtrasDeducciones], ['TotalImpuestosRetenidos', t.totalImpuestosRetenidos]],
          deducciones.map((d) =>
            node(P, N, 'Deduccion', [['TipoDeduccion', d.tipoDeduccion], ['Clave', d.clave], ['Concepto', d.concepto], ['Importe', fixed(d.importe, 2)]]),
          ),
        ),
      otrosPagos.length > 0 &&
        node(
          P,
          N,
          'OtrosPagos',
          [],
          otrosPagos.map((o) =>
            node(
              P,
              N,
              'OtroPago',
              [['TipoOtroPago', o.tipoOtroPago], ['Clave', o.clave], ['Concepto', o.concepto], ['Importe', fixed(o.importe, 2)]],
              [
                o.subsidioAlEmpleo && node(P, N, 'SubsidioAlEmpleo', [['SubsidioCausado', fixed(o.subsidioAlEmpleo.subsidioCausado, 2)]]),
                o.compensacionSaldosAFavor &&
                  node(P, N, 'CompensacionSaldosAFavor', [
                    ['SaldoAFavor', fixed(o.compensacionSaldosAFavor.saldoAFavor, 2)],
                    ['Año', o.compensacionSaldosAFavor.año],
                    ['RemanenteSalFav', fixed(o.compensacionSaldosAFavor.remanenteSalFav, 2)],
                  ]),
              ],
            ),
          ),
        ),
      incapacidades.length > 0 &&
        node(
          P,
          N,
          'Incapacidades',
          [],
          incapacidades.map((i) =>
            node(P, N, 'Incapacidad', [['DiasIncapacidad', i.diasIncapacidad], ['TipoIncapacidad', i.tipoIncapacidad], ['ImporteMonetario', i.importeMonetario]]),
          ),
        ),
    ],
  );
  return { element, totals: t };
}
