// Shared Cfdi40Input building blocks for the engine's tests and benches: the SAT test issuer
// (EKU9003173C9) and a real test receptor, so each test spells out only what it is about.
import type { NominaInput, PagoInput } from '../src/model';

/** The SAT test CSD's taxpayer, persona moral, régimen 601. */
export const TEST_EMISOR = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' } as const;

/** A persona moral receptor as SAT's test data has it, uso G03 (override usoCFDI per document type). */
export const TEST_RECEPTOR = {
  rfc: 'URE180429TM6',
  nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
  domicilioFiscalReceptor: '86991',
  regimenFiscalReceptor: '601',
  usoCFDI: 'G03',
} as const;

/** The test CSD's certificate number. */
export const TEST_NO_CERTIFICADO = '30001000000500003416';

/**
 * The Comprobante fields every unsealed test document shares. Sello and Certificado are
 * placeholders: the XSD requires both and the sealer fills the real ones.
 */
export const comprobanteBase = {
  fecha: '2026-03-15T10:20:30',
  lugarExpedicion: '42501',
  noCertificado: TEST_NO_CERTIFICADO,
  sello: 'AAAA',
  certificado: 'AAAA',
  emisor: TEST_EMISOR,
  receptor: TEST_RECEPTOR,
} as const;

/**
 * A 580.00 MXN payment (transfer, 2026-03-14) on a 1,160.00 invoice with IVA 16 %, its taxes
 * prorated from the invoice's: TrasladoDR base 500, importe 80; saldo insoluto 580.
 */
export function partialPayment(): PagoInput {
  return {
    fechaPago: '2026-03-14',
    formaDePagoP: '03',
    monedaP: 'MXN',
    doctos: [
      {
        idDocumento: 'bfc36522-4b8e-45c4-8f14-d11b289f9eb7',
        monedaDR: 'MXN',
        numParcialidad: '1',
        impSaldoAnt: '1160',
        impPagado: '580',
        objetoImpDR: '02',
        documento: { total: '1160', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', base: '1000' }] },
      },
    ],
  };
}

/** A fortnight's payroll (Nómina 1.2) for the tests: one employee, sueldo and ISR unless overridden. */
export function nominaQuincenal(overrides: Partial<NominaInput> = {}): NominaInput {
  return {
    tipoNomina: 'O',
    fechaPago: '2026-03-15',
    fechaInicialPago: '2026-03-01',
    fechaFinalPago: '2026-03-15',
    numDiasPagados: '15',
    emisor: { registroPatronal: 'B5510768108' },
    receptor: {
      curp: 'XEXX010101HNEXXXA4',
      numSeguridadSocial: '12345678901',
      fechaInicioRelLaboral: '2020-01-01',
      antigüedad: 'P323W',
      tipoContrato: '01',
      tipoJornada: '01',
      tipoRegimen: '02',
      numEmpleado: '0007',
      riesgoPuesto: '1',
      periodicidadPago: '04',
      salarioBaseCotApor: '500.00',
      salarioDiarioIntegrado: '520.55',
      claveEntFed: 'CMX',
      subContratacion: [],
    },
    percepciones: [{ tipoPercepcion: '001', clave: 'P001', concepto: 'Sueldo', importeGravado: '7500', importeExento: '0' }],
    deducciones: [{ tipoDeduccion: '002', clave: 'D002', concepto: 'ISR', importe: '812.34' }],
    ...overrides,
  };
}
