import type { z } from 'zod';
import {
  BULK_COLUMNS, BULK_ENTITY_LABEL, clientInputSchema, employeeFullName, employeeInputSchema, normalizeHeader, productInputSchema,
  personaFromRfc, RFC_EXTRANJERO, type BulkColumn, type BulkEntity, type BulkRowError, type ClientValues, type EmployeeValues, type ProductValues,
} from '@facturo/contract';
import { toDecimal } from '@facturo/cfdi/money';
import { checkReceptor, receptorOf } from '../clients/client-rules';
import { foldSearch } from '../clients/search-text';
import type { NewClientRow } from '../clients/clients.schema';
import { checkProduct, normalizedTaxes } from '../products/product-rules';
import type { NewProductRow } from '../products/products.schema';
import { checkEmployee } from '../employees/employee-rules';
import { employeeRowValues } from '../employees/employee-mapper';
import { decideSdi } from '../employees/employees.service';
import type { NewEmployeeRow } from '../employees/employees.schema';
import { columnLetter, type Table } from './sheet-io';

/**
 * Issue 29 §1: every row of an uploaded spreadsheet judged by the same rules as its form — the contract's zod schema
 * (RFC check digit, CURP/NSS, amounts as decimal text) and the API's catalog checks (régimen for the persona, uso
 * CFDI for the régimen, CP in c_CodigoPostal, claves of products and payroll). Pure: the caller supplies which keys
 * the account already has, and gets back the rows to write with each error placed by row and column.
 */

type Cells = Record<string, string>;
type Errors = Record<string, string[]>;

/** What the database will receive for one valid row (user id added by the writer). */
export type BulkRowValues =
  | { entidad: 'clientes'; row: Omit<NewClientRow, 'userId'> }
  | { entidad: 'productos'; row: Omit<NewProductRow, 'userId'> }
  | { entidad: 'empleados'; row: Omit<NewEmployeeRow, 'userId'> };

export interface ValidRow {
  fila: number;
  /** RFC / SKU / número de empleado (a foreign customer: país + registro tributario). */
  clave: string;
  nombre: string;
  accion: 'crear' | 'actualizar';
  values: BulkRowValues;
}

export interface RowsOutcome {
  total: number;
  valid: ValidRow[];
  errors: BulkRowError[];
}

interface Adapter<V> {
  schema: z.ZodType<V>;
  toInput(cells: Cells): unknown;
  /** Catalog rules (field path → messages), as the form's service applies them. */
  check(v: V, cells: Cells): { errors: Errors; values: BulkRowValues };
  key(v: V, cells: Cells): string;
  name(v: V): string;
  /** Form field path (zod or catalog check) → column key. */
  column(path: string): string;
}

const orNull = (s: string | undefined) => (s ? s : null);
/** A CP Excel stored as a number lost its leading zero ("1000" for 01000). */
const cp = (s: string | undefined) => (s && /^\d{4}$/.test(s) ? `0${s}` : s ?? '');

const clients: Adapter<ClientValues> = {
  schema: clientInputSchema,
  toInput: (c) => ({
    rfc: (c.rfc ?? '').toUpperCase(),
    r_social: c.r_social ?? '',
    email: (c.email ?? '').split(/[;,\s]+/).map((e) => e.trim()).filter(Boolean),
    regimen: c.regimen ?? '',
    uso_cfdi: c.uso_cfdi ?? '',
    domicilio: { cp: orNull(cp(c.cp)) },
    pais: orNull(c.pais),
    num_reg_id_trib: orNull(c.num_reg_id_trib),
  }),
  check: (v) => {
    const r = receptorOf(v);
    const { errors, address } = checkReceptor(r);
    return {
      errors,
      values: {
        entidad: 'clientes',
        row: {
          rfc: r.rfc, rSocial: v.r_social, emails: v.email, persona: personaFromRfc(r.rfc), regimen: r.regimen, usoCfdi: r.uso_cfdi, cp: r.cp,
          state: address.state, municipality: address.municipality, pais: r.rfc === RFC_EXTRANJERO ? r.pais : 'MEX',
          numRegIdTrib: r.num_reg_id_trib, searchText: foldSearch(`${r.rfc} ${v.r_social}`),
        },
      },
    };
  },
  key: (v) => clientKey(v.rfc, v.pais, v.num_reg_id_trib),
  name: (v) => v.r_social,
  column: (path) => {
    const head = path.split('.')[0]!;
    if (head === 'domicilio' || head === 'state' || head === 'municipality') return 'cp';
    return head;
  },
};

/** How customers are matched on re-import: the RFC, or for foreign ones (who share XEXX010101000) país + NumRegIdTrib. */
export function clientKey(rfc: string, pais: string | null, numRegIdTrib: string | null): string {
  return rfc === RFC_EXTRANJERO ? `${rfc}|${pais ?? ''}|${numRegIdTrib ?? ''}` : rfc;
}

/**
 * How products are matched on re-import: their SKU, or for one made in the form (no SKU) the key its export wrote,
 * FACTURO-<id>; importing that key updates the product and keeps the key as its SKU.
 */
export const productKey = (p: { id: number; sku: string | null }): string => p.sku ?? `FACTURO-${p.id}`;

/** A tax cell: empty (none), "Exento", "Cuota 1.5" or a tasa. */
export function taxOf(impuesto: string, cell: string | undefined): { impuesto: string; tipoFactor: string; tasaOCuota: string | null } | null {
  const text = (cell ?? '').trim();
  if (!text) return null;
  if (/^exento$/i.test(text)) return { impuesto, tipoFactor: 'Exento', tasaOCuota: null };
  const cuota = /^cuota\s*:?\s*(.+)$/i.exec(text);
  if (cuota) return { impuesto, tipoFactor: 'Cuota', tasaOCuota: cuota[1]!.trim() };
  // "16%" as people write it is 0.16.
  const pct = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
  if (pct) return { impuesto, tipoFactor: 'Tasa', tasaOCuota: toDecimal(pct[1]!).div(100).toFixed() };
  return { impuesto, tipoFactor: 'Tasa', tasaOCuota: text };
}

/** Which column each tax of the form's arrays came from, in the order toInput builds them. */
const TRASLADO_COLUMNS = [['iva', '002'], ['ieps', '003']] as const;
const RETENCION_COLUMNS = [['isr_ret', '001'], ['iva_ret', '002']] as const;

function productTaxes(c: Cells) {
  const traslados = TRASLADO_COLUMNS.map(([k, imp]) => ({ k, t: taxOf(imp, c[k]) })).filter((x) => x.t);
  const retenciones = RETENCION_COLUMNS.map(([k, imp]) => ({ k, t: taxOf(imp, c[k]) })).filter((x) => x.t);
  return { traslados, retenciones };
}

function productAdapter(): Adapter<ProductValues> {
  // The column behind impuestos.traslados.N of the row being judged (set by toInput, read by column()).
  let taxColumns: { traslados: string[]; retenciones: string[] } = { traslados: [], retenciones: [] };
  return {
    schema: productInputSchema as unknown as z.ZodType<ProductValues>,
    toInput: (c) => {
      const taxes = productTaxes(c);
      taxColumns = { traslados: taxes.traslados.map((x) => x.k), retenciones: taxes.retenciones.map((x) => x.k) };
      return {
        claveProducto: c.claveProducto ?? '', claveUnidad: c.claveUnidad ?? '', descripcionUnidad: orNull(c.descripcionUnidad),
        descripcionProducto: c.descripcionProducto ?? '', valorUnitario: (c.valorUnitario ?? '').replace(/^\$/, '').replace(/,/g, ''),
        objetoImp: /^\d$/.test(c.objetoImp ?? '') ? `0${c.objetoImp}` : c.objetoImp ?? '',
        impuestos: { traslados: taxes.traslados.map((x) => x.t), retenciones: taxes.retenciones.map((x) => x.t) },
        cadastral: Boolean(c.cve_catastral), cve_catastral: orNull(c.cve_catastral),
      };
    },
    check: (v, c) => ({
      errors: checkProduct(v),
      values: {
        entidad: 'productos',
        row: {
          sku: c.sku!, claveProducto: v.claveProducto, claveUnidad: v.claveUnidad, descripcionUnidad: v.descripcionUnidad,
          descripcionProducto: v.descripcionProducto, valorUnitario: toDecimal(v.valorUnitario).toFixed(), objetoImp: v.objetoImp,
          impuestos: normalizedTaxes(v), cveCatastral: v.cadastral ? v.cve_catastral : null,
          searchText: foldSearch(`${v.claveProducto} ${v.descripcionProducto}`),
        },
      },
    }),
    key: (_v, c) => c.sku!,
    name: (v) => v.descripcionProducto,
    column: (path) => {
      const parts = path.split('.');
      if (parts[0] === 'impuestos') {
        const list = parts[1] === 'retenciones' ? taxColumns.retenciones : taxColumns.traslados;
        return list[Number(parts[2])] ?? (parts[1] === 'retenciones' ? 'isr_ret' : 'iva');
      }
      if (parts[0] === 'cadastral') return 'cve_catastral';
      return parts[0]!;
    },
  };
}

const SI = /^(s[ií]|si|x|1|true|verdadero)$/i;
const NO = /^(no|0|false|falso)?$/i;

const employees: Adapter<EmployeeValues> = {
  schema: employeeInputSchema,
  toInput: (c) => ({
    rfc: (c.rfc ?? '').toUpperCase(), no_empleado: c.no_empleado ?? '', nombre: c.nombre ?? '', apellido_paterno: c.apellido_paterno ?? '',
    apellido_materno: orNull(c.apellido_materno), curp: c.curp ?? '', nss: orNull(c.nss), puesto: orNull(c.puesto),
    departamento: orNull(c.departamento), fecha_inicio: c.fecha_inicio ?? '', tipo_contrato: c.tipo_contrato ?? '',
    tipo_jornada: orNull(c.tipo_jornada), tipo_regimen: c.tipo_regimen ?? '', periodo: c.periodo ?? '', riesgo_puesto: orNull(c.riesgo_puesto),
    banco: orNull(c.banco), cuenta_bancaria: orNull(c.cuenta_bancaria), salario_diario: c.salario_diario ?? '',
    salario_base: orNull(c.salario_base), entidad: (c.entidad ?? '').toUpperCase(),
    // Anything but a clear yes/no is sent as text so the schema refuses it with its own message.
    sindicalizado: SI.test(c.sindicalizado ?? '') ? true : NO.test(c.sindicalizado ?? '') ? false : c.sindicalizado,
    cp: cp(c.cp), email: c.email ?? '',
  }),
  check: (v) => {
    const errors = checkEmployee(v);
    let sdi = v.salario_base ?? v.salario_diario;
    try {
      sdi = decideSdi(v).sdi;
    } catch (err) {
      const e = err as { errors?: Errors; message: string };
      (errors.salario_diario ??= []).push(e.errors ? Object.values(e.errors)[0]![0]! : e.message);
    }
    const { userId: _userId, ...row } = employeeRowValues(0, v, sdi);
    return { errors, values: { entidad: 'empleados', row } };
  },
  key: (v) => v.no_empleado,
  name: (v) => employeeFullName(v),
  column: (path) => path.split('.')[0]!,
};

function adapterFor(entity: BulkEntity): Adapter<any> {
  if (entity === 'clientes') return clients;
  // SKU is the import's own column (the product form has none): validateRows checks it before the form's schema.
  if (entity === 'productos') return productAdapter();
  return employees;
}

const SKU_RE = /^[^\s|][^|]{0,99}$/;

/**
 * Judges a whole table (row 0 the header). `existing` holds the keys the account already has (updates); a key
 * repeated inside the file is an error on its second row.
 */
export function validateRows(entity: BulkEntity, table: Table, existing: ReadonlySet<string>): RowsOutcome {
  const columns = BULK_COLUMNS[entity];
  const header = (table[0] ?? []).map(normalizeHeader);
  const position = new Map<string, number>();
  const errors: BulkRowError[] = [];
  for (const c of columns) {
    const i = header.indexOf(normalizeHeader(c.header));
    if (i >= 0) position.set(c.key, i);
    else if (c.required) errors.push({ fila: 1, columna: c.header, letra: null, mensaje: `Falta la columna "${c.header}": descarga la plantilla para ver las columnas` });
  }
  const dataRows = table.slice(1);
  const nonEmpty = dataRows.map((cells, i) => ({ cells, fila: i + 2 })).filter((r) => r.cells.some((v) => v !== ''));
  if (errors.length) return { total: nonEmpty.length, valid: [], errors };

  const byKey = new Map(columns.map((c) => [c.key, c] as const));
  const place = (key: string): { columna: string; letra: string | null } => {
    const c: BulkColumn | undefined = byKey.get(key);
    const i = position.get(key);
    return { columna: c?.header ?? key, letra: i === undefined ? null : columnLetter(i) };
  };
  const adapter = adapterFor(entity);
  const label = BULK_ENTITY_LABEL[entity];
  const seen = new Map<string, number>();
  const valid: ValidRow[] = [];

  for (const { cells, fila } of nonEmpty) {
    const values: Cells = {};
    for (const [key, i] of position) values[key] = (cells[i] ?? '').trim();
    const rowErrors: BulkRowError[] = [];
    const add = (key: string, mensaje: string) => {
      const p = place(key);
      if (!rowErrors.some((e) => e.columna === p.columna && e.mensaje === mensaje)) rowErrors.push({ fila, ...p, mensaje });
    };
    if (entity === 'productos' && !SKU_RE.test(values.sku ?? '')) {
      add('sku', values.sku ? 'El SKU admite hasta 100 caracteres y no puede llevar "|"' : 'El SKU es obligatorio: identifica el producto al volver a importar');
    }
    const parsed = adapter.schema.safeParse(adapter.toInput(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) add(adapter.column(issue.path.join('.')), issue.message);
    } else {
      const checked = adapter.check(parsed.data, values);
      for (const [path, messages] of Object.entries(checked.errors)) for (const m of messages) add(adapter.column(path), m);
      if (!rowErrors.length) {
        const clave = adapter.key(parsed.data, values);
        const first = seen.get(clave);
        if (first !== undefined) add(entity === 'clientes' ? 'rfc' : entity === 'productos' ? 'sku' : 'no_empleado', `El ${label.key} ${clave} ya aparece en la fila ${first}`);
        else {
          seen.set(clave, fila);
          valid.push({ fila, clave, nombre: adapter.name(parsed.data), accion: existing.has(clave) ? 'actualizar' : 'crear', values: checked.values });
        }
      }
    }
    errors.push(...rowErrors);
  }
  return { total: nonEmpty.length, valid, errors };
}
