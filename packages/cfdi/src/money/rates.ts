/** SAT tax codes (c_Impuesto). */
export const IMPUESTO = { ISR: '001', IVA: '002', IEPS: '003' } as const;
export type Impuesto = (typeof IMPUESTO)[keyof typeof IMPUESTO];

/** c_TipoFactor. Exento carries a Base but neither TasaOCuota nor Importe. */
export type TipoFactor = 'Tasa' | 'Cuota' | 'Exento';

/** c_ObjetoImp keys as of catCFDI 2025 ('05'–'08' were added after the 4.0 launch). */
export type ObjetoImp = '01' | '02' | '03' | '04' | '05' | '06' | '07' | '08';

/**
 * Common rates, written as SAT's catalog writes them (6 decimals).
 * IVA_RET_2_3 is two thirds of 16 % (art. 3 RLIVA, services from individuals, rents):
 * SAT's c_TasaOCuota "Rango" lets retentions carry 6 decimals, so 0.106667 is used, not 0.106666.
 */
export const TASAS = {
  IVA_16: '0.160000',
  IVA_8_FRONTERA: '0.080000',
  IVA_0: '0.000000',
  IVA_RET_2_3: '0.106667',
  IVA_RET_4_FLETES: '0.040000',
  IVA_RET_6_SUBCONTRATACION: '0.060000',
  ISR_RET_10: '0.100000',
  ISR_RET_RESICO: '0.012500',
  IEPS_8_ALIMENTOS: '0.080000',
  IEPS_26_5_ALCOHOL: '0.265000',
  IEPS_53_ALCOHOL: '0.530000',
  IEPS_160_TABACO: '1.600000',
} as const;

/**
 * What a concept's ObjetoImp says about its Impuestos node (Anexo 20, c_ObjetoImp):
 * - 'required': '02' and '05' must carry at least one traslado or retención;
 * - 'forbidden': '01', '03', '04' must not carry Impuestos;
 * - 'optional': '06', '07', '08' (2025 additions about IVA/IEPS breakdown) may carry some.
 */
export function objetoImpTaxes(objetoImp: string): 'required' | 'forbidden' | 'optional' {
  switch (objetoImp) {
    case '02':
    case '05':
      return 'required';
    case '01':
    case '03':
    case '04':
      return 'forbidden';
    default:
      return 'optional';
  }
}
