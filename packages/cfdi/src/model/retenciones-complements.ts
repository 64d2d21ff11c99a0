import { el, type XmlElement } from '../xml';
import { fixed, sum as sumDecimals } from '../money';
import type { ExtraComplement } from './xml-util';

/**
 * The common complements of a Retenciones 2.0 document (SAT "complementos de retenciones" 1.0):
 * dividendos, intereses, pagos a extranjeros and servicios de plataformas tecnológicas. Each builder
 * answers an ExtraComplement for buildRetenciones20's `complementos` (prefix and schemaLocation included).
 * Attribute names and order follow each XSD; amounts are written with 2 decimals (t_Importe).
 */

const BASE = 'http://www.sat.gob.mx/esquemas/retencionpago/1';
export const RETENCIONES_COMPLEMENT_NS = {
  dividendos: `${BASE}/dividendos`,
  intereses: `${BASE}/intereses`,
  pagosaextranjeros: `${BASE}/pagosaextranjeros`,
  plataformasTecnologicas: `${BASE}/PlataformasTecnologicas10`,
} as const;
const XSD = {
  dividendos: `${BASE}/dividendos/dividendos.xsd`,
  intereses: `${BASE}/intereses/intereses.xsd`,
  pagosaextranjeros: `${BASE}/pagosaextranjeros/pagosaextranjeros.xsd`,
  plataformasTecnologicas: `${BASE}/PlataformasTecnologicas10/ServiciosPlataformasTecnologicas10.xsd`,
} as const;

const money = (v: string | undefined) => (v === undefined ? undefined : fixed(v, 2));

export interface DividendosInput {
  /** c_TipoDividendoOUtilidadDistribuida. */
  cveTipDivOUtil: string;
  montISRAcredRetMexico: string;
  montISRAcredRetExtranjero: string;
  montRetExtDivExt?: string;
  tipoSocDistrDiv: 'Sociedad Nacional' | 'Sociedad Extranjera';
  montISRAcredNal?: string;
  montDivAcumNal?: string;
  montDivAcumExt?: string;
  /** Remanente: ProporcionRem (up to 4 decimals). */
  proporcionRem?: string;
}

export function buildDividendos(i: DividendosInput): ExtraComplement {
  const ns = RETENCIONES_COMPLEMENT_NS.dividendos;
  const children: XmlElement[] = [
    el('dividendos:DividOUtil', ns, {
      CveTipDivOUtil: i.cveTipDivOUtil,
      MontISRAcredRetMexico: money(i.montISRAcredRetMexico),
      MontISRAcredRetExtranjero: money(i.montISRAcredRetExtranjero),
      MontRetExtDivExt: money(i.montRetExtDivExt),
      TipoSocDistrDiv: i.tipoSocDistrDiv,
      MontISRAcredNal: money(i.montISRAcredNal),
      MontDivAcumNal: money(i.montDivAcumNal),
      MontDivAcumExt: money(i.montDivAcumExt),
    }),
  ];
  if (i.proporcionRem !== undefined) children.push(el('dividendos:Remanente', ns, { ProporcionRem: i.proporcionRem }));
  return { element: el('dividendos:Dividendos', ns, { Version: '1.0' }, children), schemaLocation: { ns, xsd: XSD.dividendos } };
}

export interface InteresesInput {
  sistFinanciero: 'SI' | 'NO';
  retiroAORESRetInt: 'SI' | 'NO';
  operFinancDerivad: 'SI' | 'NO';
  montIntNominal: string;
  montIntReal: string;
  perdida: string;
}

export function buildIntereses(i: InteresesInput): ExtraComplement {
  const ns = RETENCIONES_COMPLEMENT_NS.intereses;
  return {
    element: el('intereses:Intereses', ns, {
      Version: '1.0',
      SistFinanciero: i.sistFinanciero,
      RetiroAORESRetInt: i.retiroAORESRetInt,
      OperFinancDerivad: i.operFinancDerivad,
      MontIntNominal: money(i.montIntNominal),
      MontIntReal: money(i.montIntReal),
      Perdida: money(i.perdida),
    }),
    schemaLocation: { ns, xsd: XSD.intereses },
  };
}

export type PagosAExtranjerosInput =
  | { esBenefEfectDelCobro: 'NO'; paisDeResidParaEfecFisc: string; conceptoPago: string; descripcionConcepto: string }
  | { esBenefEfectDelCobro: 'SI'; rfc: string; curp: string; nomDenRazSocB: string; conceptoPago: string; descripcionConcepto: string };

export function buildPagosAExtranjeros(i: PagosAExtranjerosInput): ExtraComplement {
  const ns = RETENCIONES_COMPLEMENT_NS.pagosaextranjeros;
  const child =
    i.esBenefEfectDelCobro === 'NO'
      ? el('pagosaextranjeros:NoBeneficiario', ns, {
          PaisDeResidParaEfecFisc: i.paisDeResidParaEfecFisc,
          ConceptoPago: i.conceptoPago,
          DescripcionConcepto: i.descripcionConcepto,
        })
      : el('pagosaextranjeros:Beneficiario', ns, {
          RFC: i.rfc,
          CURP: i.curp,
          NomDenRazSocB: i.nomDenRazSocB,
          ConceptoPago: i.conceptoPago,
          DescripcionConcepto: i.descripcionConcepto,
        });
  return {
    element: el('pagosaextranjeros:Pagosaextranjeros', ns, { Version: '1.0', EsBenefEfectDelCobro: i.esBenefEfectDelCobro }, [child]),
    schemaLocation: { ns, xsd: XSD.pagosaextranjeros },
  };
}

export interface ServicioPlataformaInput {
  formaPagoServ: string;
  tipoDeServ: string;
  subTipServ?: string;
  rfcTerceroAutorizado?: string;
  /** YYYY-MM-DD. */
  fechaServ: string;
  precioServSinIVA: string;
  /** IVA trasladado of the service (Impuesto 002, Tasa). */
  iva: { base: string; tasaCuota: string; importe: string };
  comision?: { base?: string; porcentaje?: string; importe: string };
}

export interface PlataformasTecnologicasInput {
  /** c_Periodicidad of retenciones (01 diario … 05 mensual). */
  periodicidad: string;
  totalIVARetenido: string;
  totalISRRetenido: string;
  difIVAEntregadoPrestServ: string;
  servicios: ServicioPlataformaInput[];
}

/**
 * Servicios de plataformas tecnológicas 1.0: NumServ, MonTotServSIVA, TotalIVATrasladado and
 * MonTotalporUsoPlataforma are computed from the services (Σ PrecioServSinIVA, Σ IVA, Σ comisiones).
 */
export function buildPlataformasTecnologicas(i: PlataformasTecnologicasInput): ExtraComplement {
  const ns = RETENCIONES_COMPLEMENT_NS.plataformasTecnologicas;
  const p = 'plataformasTecnologicas';
  const sum = (values: string[]) => fixed(sumDecimals(values), 2);
  const detalles = i.servicios.map((s) => {
    const kids: XmlElement[] = [
      el(`${p}:ImpuestosTrasladadosdelServicio`, ns, {
        Base: money(s.iva.base),
        Impuesto: '02',
        TipoFactor: 'Tasa',
        TasaCuota: s.iva.tasaCuota,
        Importe: money(s.iva.importe),
      }),
    ];
    if (s.comision) {
      kids.push(el(`${p}:ComisionDelServicio`, ns, { Base: money(s.comision.base), Porcentaje: s.comision.porcentaje, Importe: money(s.comision.importe) }));
    }
    return el(
      `${p}:DetallesDelServicio`,
      ns,
      {
        FormaPagoServ: s.formaPagoServ,
        TipoDeServ: s.tipoDeServ,
        SubTipServ: s.subTipServ,
        RFCTerceroAutorizado: s.rfcTerceroAutorizado,
        FechaServ: s.fechaServ,
        PrecioServSinIVA: money(s.precioServSinIVA),
      },
      kids,
    );
  });
  return {
    element: el(
      `${p}:ServiciosPlataformasTecnologicas`,
      ns,
      {
        Version: '1.0',
        Periodicidad: i.periodicidad,
        NumServ: String(i.servicios.length),
        MonTotServSIVA: sum(i.servicios.map((s) => s.precioServSinIVA)),
        TotalIVATrasladado: sum(i.servicios.map((s) => s.iva.importe)),
        TotalIVARetenido: money(i.totalIVARetenido),
        TotalISRRetenido: money(i.totalISRRetenido),
        DifIVAEntregadoPrestServ: money(i.difIVAEntregadoPrestServ),
        MonTotalporUsoPlataforma: sum(i.servicios.map((s) => s.comision?.importe ?? '0')),
      },
      [el(`${p}:Servicios`, ns, {}, detalles)],
    ),
    schemaLocation: { ns, xsd: XSD.plataformasTecnologicas },
  };
}
