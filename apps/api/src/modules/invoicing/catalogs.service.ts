import { eq } from 'drizzle-orm';
import { getCatalog, isVigente } from '@facturo/cfdi/catalogs';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import { folioSeries } from '../cfdis/cfdis.schema';
import { objetosImpuesto, regimenes, usosCfdi } from '../catalogs/catalogs.service';
import { lookupPostalCode } from '../catalogs/postal-codes';

const today = () => new Date().toISOString().slice(0, 10);
const hits = <T extends { clave: string; descripcion: string }>(rows: readonly T[]) =>
  rows.filter((r) => isVigente(r as never, today())).map((r) => ({ clave: r.clave, descripcion: r.descripcion }));

/** GET /api/invoicing/catalogs: every small SAT catalog the invoice form needs, plus the account's series. */
export async function invoicingCatalogs(db: Db, userId: number) {
  const series = await db.select({ serie: folioSeries.serie, nextFolio: folioSeries.nextFolio }).from(folioSeries).where(eq(folioSeries.userId, userId)).orderBy(folioSeries.serie);
  const [account] = await db.select({ cp: users.cp }).from(users).where(eq(users.id, userId));
  const cpInfo = account?.cp ? await lookupPostalCode(account.cp) : null;
  return {
    formasPago: hits(getCatalog('c_FormaPago')),
    metodosPago: hits(getCatalog('c_MetodoPago')),
    monedas: getCatalog('c_Moneda').filter((m) => isVigente(m, today())).map((m) => ({ clave: m.clave, descripcion: m.descripcion, decimales: m.decimales })),
    usosCfdi: usosCfdi(),
    objetosImp: objetosImpuesto(),
    tiposRelacion: hits(getCatalog('c_TipoRelacion')),
    exportaciones: hits(getCatalog('c_Exportacion')),
    periodicidades: hits(getCatalog('c_Periodicidad')),
    meses: hits(getCatalog('c_Meses')),
    tiposComprobante: hits(getCatalog('c_TipoDeComprobante')).filter((t) => ['I', 'E', 'T'].includes(t.clave)),
    series,
    lugarExpedicion: account?.cp && cpInfo ? { cp: account.cp, regionFronteriza: cpInfo.regionFronteriza } : null,
  };
}

export async function addressByCp(cp: string) {
  const info = await lookupPostalCode(cp);
  if (!info) throw notFound(`El código postal ${cp} no existe en el catálogo del SAT`);
  return info;
}

/** GET /api/invoicing/regime/:clave: the régimen and the usos CFDI a receptor with it may use. */
export function regimeDetail(clave: string) {
  const regimen = regimenes().find((r) => r.clave === clave);
  if (!regimen) throw fieldError('clave', `El régimen fiscal ${clave} no existe en el catálogo c_RegimenFiscal`, 404);
  return { ...regimen, usos: usosCfdi(clave) };
}
