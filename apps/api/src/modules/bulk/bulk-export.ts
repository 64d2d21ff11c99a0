import { BULK_COLUMNS, type BulkEntity } from '@facturo/contract';
import { toDecimal } from '@facturo/cfdi/money';
import type { ProductTax } from '@facturo/contract';
import type { ClientRow } from '../clients/clients.schema';
import type { ProductRow } from '../products/products.schema';
import { productKey } from './bulk-rows';
import type { EmployeeRow } from '../employees/employees.schema';

/**
 * Stored records as spreadsheet rows with the import's columns (issue 29 §1: an exported file imports back as
 * updates, unchanged). Pure: one function per entity, keyed by the column keys of BULK_COLUMNS.
 */

type Cells = Record<string, string>;

const ordered = (entity: BulkEntity, cells: Cells): string[] => BULK_COLUMNS[entity].map((c) => cells[c.key] ?? '');

export function clientCells(r: ClientRow): string[] {
  return ordered('clientes', {
    rfc: r.rfc, r_social: r.rSocial, regimen: r.regimen, uso_cfdi: r.usoCfdi, cp: r.cp ?? '', email: r.emails.join('; '),
    pais: r.rfc === 'XEXX010101000' ? r.pais ?? '' : '', num_reg_id_trib: r.numRegIdTrib ?? '',
  });
}

/** A tax as its cell reads: the tasa with SAT's 6 decimals, "Cuota x" or "Exento". */
function taxCell(list: ProductTax[], impuesto: string): string {
  const t = list.find((x) => x.impuesto === impuesto);
  if (!t) return '';
  if (t.tipoFactor === 'Exento') return 'Exento';
  return t.tipoFactor === 'Cuota' ? `Cuota ${t.tasaOCuota}` : t.tasaOCuota ?? '';
}

export function productCells(r: ProductRow): string[] {
  return ordered('productos', {
    sku: productKey(r), claveProducto: r.claveProducto, claveUnidad: r.claveUnidad, descripcionUnidad: r.descripcionUnidad ?? '',
    descripcionProducto: r.descripcionProducto, valorUnitario: toDecimal(r.valorUnitario).toFixed(), objetoImp: r.objetoImp,
    iva: taxCell(r.impuestos.traslados, '002'), ieps: taxCell(r.impuestos.traslados, '003'),
    isr_ret: taxCell(r.impuestos.retenciones, '001'), iva_ret: taxCell(r.impuestos.retenciones, '002'), cve_catastral: r.cveCatastral ?? '',
  });
}

export function employeeCells(r: EmployeeRow): string[] {
  return ordered('empleados', {
    no_empleado: r.noEmpleado, rfc: r.rfc, curp: r.curp, nss: r.nss ?? '', nombre: r.nombre, apellido_paterno: r.apellidoPaterno,
    apellido_materno: r.apellidoMaterno ?? '', puesto: r.puesto ?? '', departamento: r.departamento ?? '', fecha_inicio: r.fechaInicio,
    tipo_contrato: r.tipoContrato, tipo_jornada: r.tipoJornada ?? '', tipo_regimen: r.tipoRegimen, periodo: r.periodo,
    riesgo_puesto: r.riesgoPuesto ?? '', banco: r.banco ?? '', cuenta_bancaria: r.cuentaBancaria ?? '', salario_diario: r.salarioDiario,
    salario_base: r.salarioBase ?? '', entidad: r.entidad, sindicalizado: r.sindicalizado ? 'Sí' : 'No', cp: r.cp, email: r.email ?? '',
  });
}

/** The template's one example row. */
export const exampleCells = (entity: BulkEntity): string[] => BULK_COLUMNS[entity].map((c) => c.example);
