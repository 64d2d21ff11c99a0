import { NS, type XmlElement } from '../xml';
import { attr, child, compact, kids, req } from './xml-util';
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
  return compact({
    baseDR: req(e, 'BaseDR'),
    impuestoDR: req(e, 'ImpuestoDR'),
    tipoFactorDR: req(e, 'TipoFactorDR'),
    tasaOCuotaDR: attr(e, 'TasaOCuotaDR'),
    importeDR: attr(e, 'ImporteDR'),
  });
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
          totales: compact({
            totalRetencionesIVA: attr(t, 'TotalRetencionesIVA'),
            totalRetencionesISR: attr(t, 'TotalRetencionesISR'),
            totalRetencionesIEPS: attr(t, 'TotalRetencionesIEPS'),
            totalTrasladosBaseIVA16: attr(t, 'TotalTrasladosBaseIVA16'),
            totalTrasladosImpuestoIVA16: attr(t, 'TotalTrasladosImpuestoIVA16'),
            totalTrasladosBaseIVA8: attr(t, 'TotalTrasladosBaseIVA8'),
            totalTrasladosImpuestoIVA8: attr(t, 'TotalTrasladosImpuestoIVA8'),
            totalTrasladosBaseIVA0: attr(t, 'TotalTrasladosBaseIVA0'),
            totalTrasladosImpuestoIVA0: attr(t, 'TotalTrasladosImpuestoIVA0'),
            totalTrasladosBaseIVAExento: attr(t, 'TotalTrasladosBaseIVAExento'),
            montoTotalPagos: req(t, 'MontoTotalPagos'),
          }),
        }
      : {}),
    pagos: kids(e, 'Pago').map((p) => {
      const imp = child(p, 'ImpuestosP');
      return compact({
        fechaPago: req(p, 'FechaPago'),
        formaDePagoP: req(p, 'FormaDePagoP'),
        monedaP: req(p, 'MonedaP'),
        tipoCambioP: attr(p, 'TipoCambioP'),
        monto: req(p, 'Monto'),
        numOperacion: attr(p, 'NumOperacion'),
        rfcEmisorCtaOrd: attr(p, 'RfcEmisorCtaOrd'),
        nomBancoOrdExt: attr(p, 'NomBancoOrdExt'),
        ctaOrdenante: attr(p, 'CtaOrdenante'),
        rfcEmisorCtaBen: attr(p, 'RfcEmisorCtaBen'),
        ctaBeneficiario: attr(p, 'CtaBeneficiario'),
        tipoCadPago: attr(p, 'TipoCadPago'),
        certPago: attr(p, 'CertPago'),
        cadPago: attr(p, 'CadPago'),
        selloPago: attr(p, 'SelloPago'),
        doctos: kids(p, 'DoctoRelacionado').map(docto),
        retencionesP: kids(imp && child(imp, 'RetencionesP'), 'RetencionP').map((r) => ({
          impuestoP: req(r, 'ImpuestoP'),
          importeP: req(r, 'ImporteP'),
        })),
        trasladosP: kids(imp && child(imp, 'TrasladosP'), 'TrasladoP').map((x) =>
          compact({
            baseP: req(x, 'BaseP'),
            impuestoP: req(x, 'ImpuestoP'),
            tipoFactorP: req(x, 'TipoFactorP'),
            tasaOCuotaP: attr(x, 'TasaOCuotaP'),
            importeP: attr(x, 'ImporteP'),
          }),
        ),
      });
    }),
  };
}

function percepcion(p: XmlElement): Percepcion {
  const acc = child(p, 'AccionesOTitulos');
  return compact({
    tipoPercepcion: req(p, 'TipoPercepcion'),
    clave: req(p, 'Clave'),
    concepto: req(p, 'Concepto'),
    importeGravado: req(p, 'ImporteGravado'),
    importeExento: req(p, 'ImporteExento'),
    accionesOTitulos: acc && { valorMercado: req(acc, 'ValorMercado'), precioAlOtorgarse: req(acc, 'PrecioAlOtorgarse') },
    horasExtra: kids(p, 'HorasExtra').map((h) => ({
      dias: req(h, 'Dias'),
      tipoHoras: req(h, 'TipoHoras'),
      horasExtra: req(h, 'HorasExtra'),
      importePagado: req(h, 'ImportePagado'),
    })),
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
    version: req(e, 'Version'),
    tipoNomina: req(e, 'TipoNomina'),
    fechaPago: req(e, 'FechaPago'),
    fechaInicialPago: req(e, 'FechaInicialPago'),
    fechaFinalPago: req(e, 'FechaFinalPago'),
    numDiasPagados: req(e, 'NumDiasPagados'),
    totalPercepciones: attr(e, 'TotalPercepciones'),
    totalDeducciones: attr(e, 'TotalDeducciones'),
    totalOtrosPagos: attr(e, 'TotalOtrosPagos'),
    emisor:
      em &&
      compact({
        curp: attr(em, 'Curp'),
        registroPatronal: attr(em, 'RegistroPatronal'),
        rfcPatronOrigen: attr(em, 'RfcPatronOrigen'),
        entidadSNCF: sncf && compact({ origenRecurso: req(sncf, 'OrigenRecurso'), montoRecursoPropio: attr(sncf, 'MontoRecursoPropio') }),
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
      subContratacion: kids(r, 'SubContratacion').map((s) => ({ rfcLabora: req(s, 'RfcLabora'), porcentajeTiempo: req(s, 'PorcentajeTiempo') })),
    }),
    percepciones:
      per &&
      compact({
        totalSueldos: attr(per, 'TotalSueldos'),
        totalSeparacionIndemnizacion: attr(per, 'TotalSeparacionIndemnizacion'),
        totalJubilacionPensionRetiro: attr(per, 'TotalJubilacionPensionRetiro'),
        totalGravado: req(per, 'TotalGravado'),
        totalExento: req(per, 'TotalExento'),
        percepciones: kids(per, 'Percepcion').map(percepcion),
        jubilacionPensionRetiro:
          jub &&
          compact({
            totalUnaExhibicion: attr(jub, 'TotalUnaExhibicion'),
            totalParcialidad: attr(jub, 'TotalParcialidad'),
            montoDiario: attr(jub, 'MontoDiario'),
            ingresoAcumulable: req(jub, 'IngresoAcumulable'),
            ingresoNoAcumulable: req(jub, 'IngresoNoAcumulable'),
          }),
        separacionIndemnizacion: sep && {
          totalPagado: req(sep, 'TotalPagado'),
          numAñosServicio: req(sep, 'NumAñosServicio'),
          ultimoSueldoMensOrd: req(sep, 'UltimoSueldoMensOrd'),
          ingresoAcumulable: req(sep, 'IngresoAcumulable'),
          ingresoNoAcumulable: req(sep, 'IngresoNoAcumulable'),
        },
      }),
    deducciones:
      ded &&
      compact({
        totalOtrasDeducciones: attr(ded, 'TotalOtrasDeducciones'),
        totalImpuestosRetenidos: attr(ded, 'TotalImpuestosRetenidos'),
        deducciones: kids(ded, 'Deduccion').map((d) => ({
          tipoDeduccion: req(d, 'TipoDeduccion'),
          clave: req(d, 'Clave'),
          concepto: req(d, 'Concepto'),
          importe: req(d, 'Importe'),
        })),
      }),
    otrosPagos: kids(child(e, 'OtrosPagos'), 'OtroPago').map((o) => {
      const sub = child(o, 'SubsidioAlEmpleo');
      const comp = child(o, 'CompensacionSaldosAFavor');
      return compact({
        tipoOtroPago: req(o, 'TipoOtroPago'),
        clave: req(o, 'Clave'),
        concepto: req(o, 'Concepto'),
        importe: req(o, 'Importe'),
        subsidioAlEmpleo: sub && { subsidioCausado: req(sub, 'SubsidioCausado') },
        compensacionSaldosAFavor: comp && {
          saldoAFavor: req(comp, 'SaldoAFavor'),
          año: req(comp, 'Año'),
          remanenteSalFav: req(comp, 'RemanenteSalFav'),
        },
      });
    }),
    incapacidades: kids(child(e, 'Incapacidades'), 'Incapacidad').map((i) =>
      compact({ diasIncapacidad: req(i, 'DiasIncapacidad'), tipoIncapacidad: req(i, 'TipoIncapacidad'), importeMonetario: attr(i, 'ImporteMonetario') }),
    ),
  });
}

/** The namespaces of complements this module reads into typed views. */
export const KNOWN_COMPLEMENTS = { tfd: NS.tfd, pago20: NS.pago20, nomina12: NS.nomina12 } as const;
