import { toDecimal } from '@facturo/cfdi/money';

/**
 * The written deductibility rules of docs/deductibility.md, decided once at import for each received CFDI
 * (the user may override the result per document). Pure: the facts of the CFDI and the account's régimen in,
 * a yes/no and its Spanish reason out.
 */
export interface DeductibilityFacts {
  tipo: string;
  usoCfdi?: string | null;
  formaPago?: string | null;
  metodoPago?: string | null;
  /** Comprobante Total in its currency and the exchange rate to MXN. */
  total: string;
  tipoCambio?: string | null;
  /** The account's régimen fiscal (c_RegimenFiscal), or null when the profile has none. */
  regimen?: string | null;
  /** 13 characters: persona física; 12: persona moral. */
  rfc: string;
}

export interface Deductibility {
  deducible: boolean;
  motivo: string;
}

/** LISR art. 27 fr. III: payments above $2,000 must be made by transfer, card, cheque or e-wallet. */
export const CASH_LIMIT_MXN = '2000';

/** Régimenes whose taxpayers deduct business expenses (authorized deductions, LISR Título II / IV cap. II). */
const BUSINESS_REGIMES = new Set(['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626']);

/** RESICO personas físicas (626 with a 13-character RFC) pay ISR on gross income: no expense deduction for ISR. */
const isResicoFisica = (f: DeductibilityFacts) => f.regimen === '626' && f.rfc.length === 13;

const yes = (motivo: string): Deductibility => ({ deducible: true, motivo });
const no = (motivo: string): Deductibility => ({ deducible: false, motivo });

/**
 * A received credit note (devolución, descuento o bonificación) is not an expense, but it counts in the
 * deductions with a negative sign: it lowers the authorized deductions (LISR art. 25 fr. I) and the IVA
 * acreditable of the month it is received (LIVA art. 7), when the account deducts expenses at all.
 */
function creditNote(f: DeductibilityFacts): Deductibility {
  if (!f.regimen) return no('Sin régimen fiscal en tu perfil: no se puede decidir la deducción; complétalo o márcalo a mano');
  if (isResicoFisica(f)) return no('Nota de crédito recibida: en RESICO persona física los gastos no se deducen para ISR (LISR art. 113-E)');
  if (!BUSINESS_REGIMES.has(f.regimen)) return no(`Nota de crédito recibida: tu régimen ${f.regimen} no deduce gastos de la actividad`);
  return yes('Nota de crédito recibida: disminuye tus deducciones y el IVA acreditable del mes (LISR art. 25 fr. I, LIVA art. 7)');
}

export function decideDeductibility(f: DeductibilityFacts): Deductibility {
  if (f.tipo === 'P') return no('Complemento de pago: la deducción corresponde a la factura que paga');
  if (f.tipo === 'N') return no('Recibo de nómina recibido: es un ingreso por salarios, no un gasto');
  if (f.tipo === 'T') return no('CFDI de traslado: no ampara una operación con valor');
  if (f.tipo === 'E') return creditNote(f);
  const uso = (f.usoCfdi ?? '').toUpperCase();
  if (uso === 'S01') return no('Uso CFDI S01 (sin efectos fiscales): no es deducible');
  if (uso === 'CP01' || uso === 'CN01') return no(`Uso CFDI ${uso}: no corresponde a un gasto`);
  const totalMxn = toDecimal(f.total).times(toDecimal(f.tipoCambio || '1'));
  if (f.formaPago === '01' && totalMxn.greaterThan(CASH_LIMIT_MXN)) {
    return no('Pagado en efectivo por más de $2,000.00: no es deducible (LISR art. 27 fr. III)');
  }
  if (uso.startsWith('D')) {
    return f.rfc.length === 13
      ? yes(`Uso CFDI ${uso}: deducción personal de la declaración anual (LISR art. 151)`)
      : no(`Uso CFDI ${uso}: las deducciones personales solo aplican a personas físicas`);
  }
  if (!f.regimen) return no('Sin régimen fiscal en tu perfil: no se puede decidir la deducción; complétalo o márcalo a mano');
  if (isResicoFisica(f)) return no('RESICO persona física: el ISR se paga sobre ingresos sin deducir gastos (LISR art. 113-E)');
  if (!BUSINESS_REGIMES.has(f.regimen)) return no(`Tu régimen ${f.regimen} no permite deducir gastos de la actividad`);
  if (uso.startsWith('G') || uso.startsWith('I')) {
    const method = f.metodoPago === 'PPD' ? '; se deduce conforme se paga (complementos de pago)' : '';
    return yes(`Uso CFDI ${uso} con tu régimen ${f.regimen}: gasto deducible${method}`);
  }
  return no(`Uso CFDI ${uso || 'vacío'}: no corresponde a un gasto deducible`);
}
