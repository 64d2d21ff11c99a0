import {
  COMPUTED_DEDUCCIONES, deduccionInputSchema, otroPagoInputSchema, percepcionInputSchema, type EmployeeCatalogs,
} from '@facturo/contract';

/** The three concept tables of the employee form and what each one edits. */
export type ConceptKey = 'percepciones' | 'deducciones' | 'otrosPagos';
export type ConceptFormRow = Record<string, string>;

export interface ConceptKindSpec {
  key: ConceptKey;
  /** Amount columns of the row, in display order. */
  amounts: readonly string[];
  schema: typeof percepcionInputSchema | typeof deduccionInputSchema | typeof otroPagoInputSchema;
  tipos: (c: EmployeeCatalogs) => EmployeeCatalogs['tipoPercepcion'];
  empty: () => ConceptFormRow;
}

export const CONCEPT_KINDS: Record<ConceptKey, ConceptKindSpec> = {
  percepciones: {
    key: 'percepciones',
    amounts: ['importe_gravado', 'importe_exento'],
    schema: percepcionInputSchema,
    tipos: (c) => c.tipoPercepcion,
    empty: () => ({ tipo: '', clave: '', concepto: '', importe_gravado: '', importe_exento: '0' }),
  },
  deducciones: {
    key: 'deducciones',
    amounts: ['importe'],
    schema: deduccionInputSchema,
    // ISR and seguridad social are computed, never typed in.
    tipos: (c) => c.tipoDeduccion.filter((t) => !(COMPUTED_DEDUCCIONES as readonly string[]).includes(t.clave)),
    empty: () => ({ tipo: '', clave: '', concepto: '', importe: '' }),
  },
  otrosPagos: {
    key: 'otrosPagos',
    amounts: ['importe', 'subsidio_causado'],
    schema: otroPagoInputSchema,
    tipos: (c) => c.tipoOtrosPagos,
    empty: () => ({ tipo: '', clave: '', concepto: '', importe: '', subsidio_causado: '' }),
  },
};

/** Form row → API body of the concept (blank subsidio → null). */
export function rowToBody(key: ConceptKey, row: ConceptFormRow): Record<string, string | null> {
  if (key !== 'otrosPagos') return { ...row };
  return { ...row, subsidio_causado: row.subsidio_causado?.trim() ? row.subsidio_causado.trim() : null };
}
