import { findEntry, getCatalog, isVigente, type CatalogName } from '@facturo/cfdi/catalogs';
import { postalCodeExists } from '@facturo/cfdi/catalogs/server';
import { PRIMA_MEDIA_POR_CLASE, type PeriodType } from '@facturo/cfdi/payroll';
import type { CatalogOption, EmployeeCatalogs, EmployeeValues } from '@facturo/contract';

/** Catalog checks of an employee against the shipped Nómina 1.2 / CFDI catalogs. */

/** c_PeriodicidadPago → the engine's period; the other periodicities have no ISR art. 96 table. */
export const PERIOD_BY_PERIODICIDAD: Readonly<Record<string, PeriodType>> = {
  '01': 'diario',
  '02': 'semanal',
  '03': 'catorcenal',
  '04': 'quincenal',
  '05': 'mensual',
  '10': 'decenal',
};

/**
 * The employer's riesgo de trabajo premium the IMSS preview uses: the prima media of the job's class
 * (LSS art. 73, for companies in their first years). "99 No aplica" and a missing class use class I.
 */
export function primaRiesgoFor(riesgoPuesto: string | null): string {
  const byClave: Record<string, keyof typeof PRIMA_MEDIA_POR_CLASE> = { '1': 'I', '2': 'II', '3': 'III', '4': 'IV', '5': 'V' };
  return PRIMA_MEDIA_POR_CLASE[byClave[riesgoPuesto ?? ''] ?? 'I'];
}

const today = () => new Date().toISOString().slice(0, 10);

function options(name: CatalogName, keep: (clave: string) => boolean = () => true): CatalogOption[] {
  const day = today();
  return getCatalog(name)
    .filter((e) => isVigente(e, day) && keep(e.clave))
    .map((e) => ({ clave: e.clave, descripcion: e.descripcion }));
}

let cachedCatalogs: EmployeeCatalogs | undefined;

/** `GET /api/employees/catalogs`: every select of the employee form. */
export function employeeCatalogs(): EmployeeCatalogs {
  cachedCatalogs ??= {
    jornada: options('c_TipoJornada'),
    riesgos: options('c_RiesgoPuesto'),
    tipoPeriodos: options('c_PeriodicidadPago', (c) => c in PERIOD_BY_PERIODICIDAD),
    bancos: options('c_Banco'),
    regimen: options('c_TipoRegimen'),
    periodo: options('c_PeriodicidadPago'),
    tipoContrato: options('c_TipoContrato'),
    tipoPercepcion: options('c_TipoPercepcion'),
    tipoDeduccion: options('c_TipoDeduccion'),
    tipoOtrosPagos: options('c_TipoOtroPago'),
    entidades: options('nomina:c_Estado'),
  };
  return cachedCatalogs;
}

/** Description of a clave for display, or the clave itself. */
export function describeClave(name: CatalogName, clave: string): string {
  return findEntry(name, clave)?.descripcion || clave;
}

type Errors = Record<string, string[]>;

function inCatalog(errors: Errors, field: string, name: CatalogName, clave: string | null, label: string): void {
  if (clave === null) return;
  const entry = findEntry(name, clave);
  if (!entry) (errors[field] ??= []).push(`${label} ${clave} no existe en el catálogo ${name.replace('nomina:', '')}`);
  else if (!isVigente(entry, today())) (errors[field] ??= []).push(`${label} ${clave} ya no está vigente en el catálogo del SAT`);
}

/** Catalog membership of one concept's tipo; field is where the error is reported (e.g. "percepciones.0.tipo"). */
export function checkConceptTipo(errors: Errors, kind: 'percepcion' | 'deduccion' | 'otro_pago', tipo: string, field: string): void {
  const name: CatalogName = kind === 'percepcion' ? 'c_TipoPercepcion' : kind === 'deduccion' ? 'c_TipoDeduccion' : 'c_TipoOtroPago';
  const label = kind === 'percepcion' ? 'El tipo de percepción' : kind === 'deduccion' ? 'El tipo de deducción' : 'El tipo de otro pago';
  inCatalog(errors, field, name, tipo, label);
}

/** Every catalog problem of an employee, by field (empty when it is valid). */
export function checkEmployee(v: EmployeeValues): Errors {
  const errors: Errors = {};
  inCatalog(errors, 'tipo_contrato', 'c_TipoContrato', v.tipo_contrato, 'El tipo de contrato');
  inCatalog(errors, 'tipo_jornada', 'c_TipoJornada', v.tipo_jornada, 'El tipo de jornada');
  inCatalog(errors, 'tipo_regimen', 'c_TipoRegimen', v.tipo_regimen, 'El tipo de régimen');
  inCatalog(errors, 'periodo', 'c_PeriodicidadPago', v.periodo, 'La periodicidad de pago');
  inCatalog(errors, 'riesgo_puesto', 'c_RiesgoPuesto', v.riesgo_puesto, 'El riesgo del puesto');
  inCatalog(errors, 'banco', 'c_Banco', v.banco, 'El banco');
  inCatalog(errors, 'entidad', 'nomina:c_Estado', v.entidad, 'La entidad federativa');
  if (!postalCodeExists(v.cp)) (errors.cp ??= []).push(`El código postal ${v.cp} no existe en el catálogo c_CodigoPostal del SAT`);
  v.percepciones.forEach((p, i) => checkConceptTipo(errors, 'percepcion', p.tipo, `percepciones.${i}.tipo`));
  v.deducciones.forEach((d, i) => checkConceptTipo(errors, 'deduccion', d.tipo, `deducciones.${i}.tipo`));
  v.otrosPagos.forEach((o, i) => checkConceptTipo(errors, 'otro_pago', o.tipo, `otrosPagos.${i}.tipo`));
  return errors;
}
