import { NS, type XmlElement } from '../xml';
import { attr, child, compact, kids, readAttrs, req } from './xml-util';
import type { TimbreFiscalDigital } from './types-cfdi';
import type { DoctoRelacionado, ImpuestoDR, Pagos } from './types-pagos';
import type { Nomina, Percepcion } from './types-nomina';

/** Reads a tfd:TimbreFiscalDigital (1.1, or 1.0 with its lowercase attribute names). */
export function readTimbre(e: XmlElement): TimbreFiscalDigital {
  return compact({
    version: req(e, 'Version'),
    uuid: req(e, 'UUID').toUpperCase(),
    fechaTimbrado: req(e, 'FechaTimbrado'),
    rfcProvCertif: attr(e, 'RfcProvCertif'),
    leyenda: attr(e, 'Leyenda'),
    selloCFD: req(e, 'SelloCFD'),
    noCertificadoSAT: req(e, 'NoCertificadoSAT'),
    selloSAT: req(e, 'SelloSAT'),
    element: e,
  });
}

function impuestoDR(e: XmlElement): ImpuestoDR {
  return readAttrs(e, ['BaseDR', 'ImpuestoDR', 'TipoFactorDR', 'TasaOCuotaDR?', 'ImporteDR?']);
}

function docto(e: XmlElement): DoctoRelacionado {
  const imp = child(e, 'ImpuestosDR');
  return compact({
    idDocumento: req(e, 'IdDocumento').toUpperCase(),
    serie: attr(e, 'Serie'),
    folio: attr(e, 'Folio'),
    monedaDR: req(e, 'MonedaDR'),
    equivalenciaDR: attr(e, 'EquivalenciaDR') ?? attr(e, 'TipoCambioDR'),
    numParcialidad: attr(e, 'NumParcialidad'),
    impSaldoAnt: attr(e, 'ImpSaldoAnt'),
    impPagado: attr(e, 'ImpPagado'),
    impSaldoInsoluto: attr(e, 'ImpSaldoInsoluto'),
    objetoImpDR: attr(e, 'ObjetoImpDR'),
    retencionesDR: kids(imp && child(imp, 'RetencionesDR'), 'RetencionDR').map(impuestoDR),
    trasladosDR: kids(imp && child(imp, 'TrasladosDR'), 'TrasladoDR').map(impuestoDR),
  });
}

/** Reads a pago20:Pagos complement (or a Pagos 1.0 one from CFDI 3.3, which lacks the tax nodes). */
export function readPagos20(e: XmlElement): Pagos {
  const t = child(e, 'Totales');
  return {
    version: req(e, 'Version'),
    ...(t
      ? {
          totales: readAttrs(t, [
            'TotalRetencionesIVA?', 'TotalRetencionesISR?', 'TotalRetencionesIEPS?',
            'TotalTrasladosBaseIVA16?', 'TotalTrasladosImpuestoIVA16?', 'TotalTrasladosBaseIVA8?', 'TotalTrasladosImpuestoIVA8?',
            'TotalTrasladosBaseIVA0?', 'TotalTrasladosImpuestoIVA0?', 'TotalTrasladosBaseIVAExento?', 'MontoTotalPagos',
          ]),
        }
      : {}),
    pagos: kids(e, 'Pago').map((p) => {
      const imp = child(p, 'ImpuestosP');
      return {
        ...readAttrs(p, [
          'FechaPago', 'FormaDePagoP', 'MonedaP', 'TipoCambioP?', 'Monto', 'NumOperacion?', 'RfcEmisorCtaOrd?', 'NomBancoOrdExt?',
          'CtaOrdenante?', 'RfcEmisorCtaBen?', 'CtaBeneficiario?', 'TipoCadPago?', 'CertPago?', 'CadPago?', 'SelloPago?',
        ]),
        doctos: kids(p, 'DoctoRelacionado').map(docto),
        retencionesP: kids(imp && child(imp, 'RetencionesP'), 'RetencionP').map((r) => readAttrs(r, ['ImpuestoP', 'ImporteP'])),
        trasladosP: kids(imp && child(imp, 'TrasladosP'), 'TrasladoP').map((x) =>
          readAttrs(x, ['BaseP', 'ImpuestoP', 'TipoFactorP', 'TasaOCuotaP?', 'ImporteP?']),
        ),
      };
    }),
  };
}

function percepcion(p: XmlElement): Percepcion {
  const acc = child(p, 'AccionesOTitulos');
  return compact({
    ...readAttrs(p, ['TipoPercepcion', 'Clave', 'Concepto', 'ImporteGravado', 'ImporteExento']),
    accionesOTitulos: acc && { valorMercado: req(acc, 'ValorMercado'), precioAlOtorgarse: req(acc, 'PrecioAlOtorgarse') },
    horasExtra: kids(p, 'HorasExtra').map((h) => readAttrs(h, ['Dias', 'TipoHoras', 'HorasExtra', 'ImportePagado'])),
  });
}

/** Reads a nomina12:Nomina complement. */
export function readNomina12(e: XmlElement): Nomina {
  const em = child(e, 'Emisor');
  const sncf = em && child(em, 'EntidadSNCF');
  const r = child(e, 'Receptor');
  const per = child(e, 'Percepciones');
  const jub = per && child(per, 'JubilacionPensionRetiro');
  const sep = per && child(per, 'SeparacionIndemnizacion');
  const ded = child(e, 'Deducciones');
  return compact({
    ...readAttrs(e, [
      'Version', 'TipoNomina', 'FechaPago', 'FechaInicialPago', 'FechaFinalPago', 'NumDiasPagados',
      'TotalPercepciones?', 'TotalDeducciones?', 'TotalOtrosPagos?',
    ]),
    emisor:
      em &&
      compact({
        ...readAttrs(em, ['Curp?', 'RegistroPatronal?', 'RfcPatronOrigen?']),
        entidadSNCF: sncf && readAttrs(sncf, ['OrigenRecurso', 'MontoRecursoPropio?']),
      }),
    receptor: compact({
      curp: r ? req(r, 'Curp') : '',
      numSeguridadSocial: r && attr(r, 'NumSeguridadSocial'),
      fechaInicioRelLaboral: r && attr(r, 'FechaInicioRelLaboral'),
      antigüedad: r && attr(r, 'Antigüedad'),
      tipoContrato: r ? req(r, 'TipoContrato') : '',
      sindicalizado: r && attr(r, 'Sindicalizado'),
      tipoJornada: r && attr(r, 'TipoJornada'),
      tipoRegimen: r ? req(r, 'TipoRegimen') : '',
      numEmpleado: r ? req(r, 'NumEmpleado') : '',
      departamento: r && attr(r, 'Departamento'),
      puesto: r && attr(r, 'Puesto'),
      riesgoPuesto: r && attr(r, 'RiesgoPuesto'),
      periodicidadPago: r ? req(r, 'PeriodicidadPago') : '',
      banco: r && attr(r, 'Banco'),
      cuentaBancaria: r && attr(r, 'CuentaBancaria'),
      salarioBaseCotApor: r && attr(r, 'SalarioBaseCotApor'),
      salarioDiarioIntegrado: r && attr(r, 'SalarioDiarioIntegrado'),
      claveEntFed: r ? req(r, 'ClaveEntFed') : '',
      subContratacion: kids(r, 'SubContratacion').map((s) => readAttrs(s, ['RfcLabora', 'PorcentajeTiempo'])),
    }),
    percepciones:
      per &&
      compact({
        ...readAttrs(per, ['TotalSueldos?', 'TotalSeparacionIndemnizacion?', 'TotalJubilacionPensionRetiro?', 'TotalGravado', 'TotalExento']),
        percepciones: kids(per, 'Percepcion').map(percepcion),
        jubilacionPensionRetiro:
          jub && readAttrs(jub, ['TotalUnaExhibicion?', 'TotalParcialidad?', 'MontoDiario?', 'IngresoAcumulable', 'IngresoNoAcumulable']),
        separacionIndemnizacion:
          sep && readAttrs(sep, ['TotalPagado', 'NumAñosServicio', 'UltimoSueldoMensOrd', 'IngresoAcumulable', 'IngresoNoAcumulable']),
      }),
    deducciones:
      ded &&
      compact({
        ...readAttrs(ded, ['TotalOtrasDeducciones?', 'TotalImpuestosRetenidos?']),
        deducciones: kids(ded, 'Deduccion').map((d) => readAttrs(d, ['TipoDeduccion', 'Clave', 'Concepto', 'Importe'])),
      }),
    otrosPagos: kids(child(e, 'OtrosPagos'), 'OtroPago').map((o) => {
      const sub = child(o, 'SubsidioAlEmpleo');
      const comp = child(o, 'CompensacionSaldosAFavor');
      return compact({
        ...readAttrs(o, ['TipoOtroPago', 'Clave', 'Concepto', 'Importe']),
        subsidioAlEmpleo: sub && readAttrs(sub, ['SubsidioCausado']),
        compensacionSaldosAFavor: comp && readAttrs(comp, ['SaldoAFavor', 'Año', 'RemanenteSalFav']),
      });
    }),
    incapacidades: kids(child(e, 'Incapacidades'), 'Incapacidad').map((i) =>
      readAttrs(i, ['DiasIncapacidad', 'TipoIncapacidad', 'ImporteMonetario?']),
    ),
  });
}

/** The namespaces of complements this module reads into typed views. */
export const KNOWN_COMPLEMENTS = { tfd: NS.tfd, pago20: NS.pago20, nomina12: NS.nomina12 } as const;
