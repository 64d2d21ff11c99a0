/** Nómina 1.2 (revisión E) complement, typed view; amounts are decimal strings as written. */
export interface Nomina {
  version: string;
  tipoNomina: string;
  fechaPago: string;
  fechaInicialPago: string;
  fechaFinalPago: string;
  numDiasPagados: string;
  totalPercepciones?: string;
  totalDeducciones?: string;
  totalOtrosPagos?: string;
  emisor?: NominaEmisor;
  receptor: NominaReceptor;
  percepciones?: Percepciones;
  deducciones?: Deducciones;
  otrosPagos: OtroPago[];
  incapacidades: Incapacidad[];
}

export interface NominaEmisor {
  curp?: string;
  registroPatronal?: string;
  rfcPatronOrigen?: string;
  entidadSNCF?: { origenRecurso: string; montoRecursoPropio?: string };
}

export interface NominaReceptor {
  curp: string;
  numSeguridadSocial?: string;
  fechaInicioRelLaboral?: string;
  antigüedad?: string;
  tipoContrato: string;
  sindicalizado?: string;
  tipoJornada?: string;
  tipoRegimen: string;
  numEmpleado: string;
  departamento?: string;
  puesto?: string;
  riesgoPuesto?: string;
  periodicidadPago: string;
  banco?: string;
  cuentaBancaria?: string;
  salarioBaseCotApor?: string;
  salarioDiarioIntegrado?: string;
  claveEntFed: string;
  subContratacion: { rfcLabora: string; porcentajeTiempo: string }[];
}

export interface HorasExtra {
  dias: string;
  tipoHoras: string;
  horasExtra: string;
  importePagado: string;
}

export interface Percepcion {
  tipoPercepcion: string;
  clave: string;
  concepto: string;
  importeGravado: string;
  importeExento: string;
  accionesOTitulos?: { valorMercado: string; precioAlOtorgarse: string };
  horasExtra: HorasExtra[];
}

export interface JubilacionPensionRetiro {
  totalUnaExhibicion?: string;
  totalParcialidad?: string;
  montoDiario?: string;
  ingresoAcumulable: string;
  ingresoNoAcumulable: string;
}

export interface SeparacionIndemnizacion {
  totalPagado: string;
  numAñosServicio: string;
  ultimoSueldoMensOrd: string;
  ingresoAcumulable: string;
  ingresoNoAcumulable: string;
}

export interface Percepciones {
  totalSueldos?: string;
  totalSeparacionIndemnizacion?: string;
  totalJubilacionPensionRetiro?: string;
  totalGravado: string;
  totalExento: string;
  percepciones: Percepcion[];
  jubilacionPensionRetiro?: JubilacionPensionRetiro;
  separacionIndemnizacion?: SeparacionIndemnizacion;
}

export interface Deduccion {
  tipoDeduccion: string;
  clave: string;
  concepto: string;
  importe: string;
}

export interface Deducciones {
  totalOtrasDeducciones?: string;
  totalImpuestosRetenidos?: string;
  deducciones: Deduccion[];
}

export interface OtroPago {
  tipoOtroPago: string;
  clave: string;
  concepto: string;
  importe: string;
  subsidioAlEmpleo?: { subsidioCausado: string };
  compensacionSaldosAFavor?: { saldoAFavor: string; año: string; remanenteSalFav: string };
}

export interface Incapacidad {
  diasIncapacidad: string;
  tipoIncapacidad: string;
  importeMonetario?: string;
}
