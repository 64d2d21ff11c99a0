import { findEntry } from '@facturo/cfdi/catalogs';
import { findProductService } from '@facturo/cfdi/catalogs/server';
import { toDecimal } from '@facturo/cfdi/money';
import type { Page, PageQuery, ProductValues, UserProduct } from '@facturo/contract';
import type { Db } from '../../db/client';
import { toPage } from '../../db/paging';
import { badRequest, fieldError, notFound } from '../../http/errors';
import { foldSearch } from '../clients/search-text';
import * as repo from './products.repository';
import type { NewProductRow, ProductRow } from './products.schema';
import { checkProduct, normalizedTaxes } from './product-rules';

const NOT_FOUND = 'El producto no existe';

/** The API shape of a stored product; valorUnitario goes back as the decimal text, trailing zeros dropped. */
export function toProduct(row: ProductRow): UserProduct {
  return {
    id: row.id,
    claveProducto: row.claveProducto,
    claveProductoDescripcion: findProductService(row.claveProducto)?.descripcion ?? '',
    claveUnidad: row.claveUnidad,
    claveUnidadDescripcion: findEntry('c_ClaveUnidad', row.claveUnidad)?.descripcion ?? '',
    descripcionUnidad: row.descripcionUnidad,
    descripcionProducto: row.descripcionProducto,
    valorUnitario: toDecimal(row.valorUnitario).toFixed(),
    objetoImp: row.objetoImp,
    objetoImpDescripcion: findEntry('c_ObjetoImp', row.objetoImp)?.descripcion ?? '',
    impuestos: row.impuestos,
    cadastral: row.cveCatastral !== null,
    cve_catastral: row.cveCatastral,
    sku: row.sku,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listProducts(db: Db, userId: number, q: PageQuery): Promise<Page<UserProduct>> {
  return toPage(await repo.listProducts(db, userId, q), q, toProduct);
}

function validated(userId: number, v: ProductValues): NewProductRow {
  const errors = checkProduct(v);
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]![0]!, errors);
  return {
    userId,
    claveProducto: v.claveProducto,
    claveUnidad: v.claveUnidad,
    descripcionUnidad: v.descripcionUnidad,
    descripcionProducto: v.descripcionProducto,
    valorUnitario: toDecimal(v.valorUnitario).toFixed(),
    objetoImp: v.objetoImp,
    impuestos: normalizedTaxes(v),
    cveCatastral: v.cadastral ? v.cve_catastral : null,
    searchText: foldSearch(`${v.claveProducto} ${v.descripcionProducto}`),
  };
}

export async function createProduct(db: Db, userId: number, v: ProductValues): Promise<UserProduct> {
  if (v.add === false) throw fieldError('add', 'Para crear un producto la bandera add debe ser verdadera');
  return toProduct(await repo.insertProduct(db, validated(userId, v)));
}

export async function updateProduct(db: Db, userId: number, id: number, v: ProductValues): Promise<UserProduct> {
  if (!(await repo.findProduct(db, userId, id))) throw notFound(NOT_FOUND);
  if (v.add === true) throw fieldError('add', 'Para editar un producto la bandera add debe ser falsa');
  const row = await repo.updateProduct(db, userId, id, validated(userId, v));
  if (!row) throw notFound(NOT_FOUND);
  return toProduct(row);
}

export async function deleteProduct(db: Db, userId: number, id: number): Promise<{ message: string }> {
  if (!(await repo.deleteProduct(db, userId, id))) throw notFound(NOT_FOUND);
  return { message: 'Producto eliminado' };
}
