import { sql } from 'drizzle-orm';
import {
  CUENTAS_AGREGADAS_DESPUES, defaultChart, defaultRules, findCodigoAgrupador, leerArchivoContable, ROLES, validateContabilidadXsd, type Reglas as EngineReglas,
} from '@facturo/cfdi/contabilidad';
import { reglasSchema, type Cuenta, type CuentaInput, type Reglas } from '@facturo/contract';
import type { Db } from '../../db/client';
import { AppError, badRequest, fieldError, notFound } from '../../http/errors';

/**
 * The tenant's chart of accounts and rules table (decision 300). The default chart is written the first
 * time any accounting endpoint is used, so existing accounts need no migration step.
 */

type Runner = Pick<Db, 'execute'>;

interface CuentaRow {
  numero: string; descripcion: string; codigo_agrupador: string; naturaleza: 'D' | 'A'; nivel: number; padre: string | null;
  activa: boolean; rfc_tercero: string | null; clabe?: string | null;
}

const toCuenta = (r: CuentaRow): Cuenta => ({
  numero: r.numero, descripcion: r.descripcion, codigoAgrupador: r.codigo_agrupador, naturaleza: r.naturaleza, nivel: Number(r.nivel),
  padre: r.padre, activa: r.activa, rfcTercero: r.rfc_tercero, clabe: r.clabe ?? null,
});

/** Writes the default chart for an account that has none (idempotent, safe under concurrency). */
export async function ensureChart(db: Runner, userId: number): Promise<void> {
  const existing = await db.execute(sql`SELECT count(*) FILTER (WHERE numero IN (${sql.join(CUENTAS_AGREGADAS_DESPUES.map((n) => sql`${n}`), sql`, `)}))::int AS nuevas,
    count(*)::int AS n FROM accounting_accounts WHERE user_id = ${userId}`);
  const { n, nuevas } = existing.rows[0] as { n: number; nuevas: number };
  // A chart written before the bank rules (decision 301) gets their default accounts, once.
  const chart = Number(n) === 0 ? defaultChart() : Number(nuevas) < CUENTAS_AGREGADAS_DESPUES.length
    ? defaultChart().filter((c) => CUENTAS_AGREGADAS_DESPUES.includes(c.numero)) : [];
  if (!chart.length) return;
  const values = sql.join(chart.map((c) => sql`(${userId}, ${c.numero}, ${c.descripcion}, ${c.codigoAgrupador}, ${c.naturaleza}, ${c.nivel}, ${c.padre})`), sql`, `);
  await db.execute(sql`INSERT INTO accounting_accounts (user_id, numero, descripcion, codigo_agrupador, naturaleza, nivel, padre)
    VALUES ${values} ON CONFLICT (user_id, numero) DO NOTHING`);
}

/** The chart, ordered by número (parents before children). */
export async function listCuentas(db: Runner, userId: number): Promise<Cuenta[]> {
  await ensureChart(db, userId);
  const res = await db.execute(sql`SELECT numero, descripcion, codigo_agrupador, naturaleza, nivel, padre, activa, rfc_tercero, clabe
    FROM accounting_accounts WHERE user_id = ${userId} ORDER BY string_to_array(numero, '.')::text[], numero`);
  return (res.rows as unknown as CuentaRow[]).map(toCuenta);
}

async function cuentaOf(db: Runner, userId: number, numero: string): Promise<Cuenta | undefined> {
  const res = await db.execute(sql`SELECT numero, descripcion, codigo_agrupador, naturaleza, nivel, padre, activa, rfc_tercero, clabe
    FROM accounting_accounts WHERE user_id = ${userId} AND numero = ${numero}`);
  const row = res.rows[0] as unknown as CuentaRow | undefined;
  return row ? toCuenta(row) : undefined;
}

function checkCodigo(codigo: string): void {
  if (!findCodigoAgrupador(codigo)) {
    throw fieldError('codigoAgrupador', `El código agrupador ${codigo} no existe en el catálogo del SAT (Anexo 24)`);
  }
}

/** Adds an account: a subaccount inherits its parent's nature and sits one level below it. */
export async function createCuenta(db: Db, userId: number, input: CuentaInput): Promise<Cuenta> {
  await ensureChart(db, userId);
  const codigo = input.codigoAgrupador.trim();
  checkCodigo(codigo);
  const numero = input.numero.trim();
  if (await cuentaOf(db, userId, numero)) throw fieldError('numero', `Ya existe la cuenta ${numero}`);
  let nivel = 1;
  let naturaleza = input.naturaleza;
  const padreNumero = input.padre?.trim() || null;
  if (padreNumero) {
    const padre = await cuentaOf(db, userId, padreNumero);
    if (!padre) throw fieldError('padre', `La cuenta padre ${padreNumero} no existe`);
    if (!padre.activa) throw fieldError('padre', `La cuenta padre ${padreNumero} está desactivada`);
    nivel = padre.nivel + 1;
    naturaleza ??= padre.naturaleza;
  }
  if (!naturaleza) throw fieldError('naturaleza', 'La naturaleza es obligatoria en una cuenta de primer nivel: D (deudora) o A (acreedora)');
  await db.execute(sql`INSERT INTO accounting_accounts (user_id, numero, descripcion, codigo_agrupador, naturaleza, nivel, padre)
    VALUES (${userId}, ${numero}, ${input.descripcion.trim()}, ${codigo}, ${naturaleza}, ${nivel}, ${padreNumero})`);
  return (await cuentaOf(db, userId, numero))!;
}

/** Renames, (de)activates or re-codes an account; an account a rule uses cannot be deactivated. */
export async function updateCuenta(
  db: Db, userId: number, numero: string, patch: { descripcion?: string; activa?: boolean; codigoAgrupador?: string },
): Promise<Cuenta> {
  await ensureChart(db, userId);
  const cuenta = await cuentaOf(db, userId, numero);
  if (!cuenta) throw notFound('Cuenta no encontrada');
  if (patch.codigoAgrupador !== undefined) checkCodigo(patch.codigoAgrupador);
  if (patch.activa === false) {
    const reglas = await getReglas(db, userId);
    const rol = (Object.entries(reglas.cuentas) as [string, string][]).find(([, c]) => c === numero)?.[0];
    if (rol) throw fieldError('activa', `La cuenta ${numero} está en las reglas de pólizas (${rol}); cambia la regla antes de desactivarla`);
  }
  await db.execute(sql`UPDATE accounting_accounts SET
      descripcion = coalesce(${patch.descripcion ?? null}, descripcion),
      activa = coalesce(${patch.activa ?? null}::boolean, activa),
      codigo_agrupador = coalesce(${patch.codigoAgrupador ?? null}, codigo_agrupador),
      updated_at = now()
    WHERE user_id = ${userId} AND numero = ${numero}`);
  return (await cuentaOf(db, userId, numero))!;
}

/** The rules table (defaults until the user saves one). */
export async function getReglas(db: Runner, userId: number): Promise<Reglas> {
  const res = await db.execute(sql`SELECT reglas FROM accounting_settings WHERE user_id = ${userId}`);
  const stored = res.rows[0] as { reglas: unknown } | undefined;
  if (!stored) return defaultRules();
  // Roles added after the rules were saved (the bank ones, decision 301) take their default account.
  const saved = stored.reglas as { cuentas?: Record<string, string> } | null;
  const parsed = reglasSchema.safeParse({ ...saved, cuentas: { ...defaultRules().cuentas, ...saved?.cuentas } });
  return parsed.success ? parsed.data : defaultRules();
}

/** Saves the rules after checking every account they name exists, is active and has no subaccounts of its own kind. */
export async function saveReglas(db: Db, userId: number, reglas: Reglas): Promise<Reglas> {
  const cuentas = new Map((await listCuentas(db, userId)).map((c) => [c.numero, c]));
  const errors: Record<string, string[]> = {};
  const check = (field: string, numero: string) => {
    const c = cuentas.get(numero);
    if (!c) errors[field] = [`La cuenta ${numero} no existe en el catálogo`];
    else if (!c.activa) errors[field] = [`La cuenta ${numero} está desactivada`];
  };
  for (const rol of ROLES) check(`cuentas.${rol}`, reglas.cuentas[rol]);
  reglas.gastosPorClave.forEach((r, i) => check(`gastosPorClave.${i}.cuenta`, r.cuenta));
  if (Object.keys(errors).length) throw badRequest('Revisa las cuentas de las reglas', errors);
  await db.execute(sql`INSERT INTO accounting_settings (user_id, reglas) VALUES (${userId}, ${JSON.stringify(reglas)}::jsonb)
    ON CONFLICT (user_id) DO UPDATE SET reglas = excluded.reglas, updated_at = now()`);
  return reglas;
}

/** The engine's rule type is the contract's (kept equal by a test). */
export const asEngineRules = (r: Reglas): EngineReglas => r as EngineReglas;

/**
 * Subaccounts per counterparty (by RFC) under the rule's clientes/proveedores account: the ones missing
 * are created, numbered `<padre>.0001`, `<padre>.0002`… Returns RFC → número for the parent.
 */
export async function ensureTerceros(db: Runner, userId: number, padre: string, terceros: Map<string, string | null>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!terceros.size) return out;
  const parentRes = await db.execute(sql`SELECT codigo_agrupador, naturaleza, nivel FROM accounting_accounts WHERE user_id = ${userId} AND numero = ${padre}`);
  const parent = parentRes.rows[0] as { codigo_agrupador: string; naturaleza: string; nivel: number } | undefined;
  if (!parent) throw new AppError(422, `La cuenta ${padre} de las reglas no existe en el catálogo`, { reglas: [`La cuenta ${padre} no existe`] });
  const existing = await db.execute(sql`SELECT rfc_tercero, numero FROM accounting_accounts WHERE user_id = ${userId} AND padre = ${padre} AND rfc_tercero IS NOT NULL`);
  for (const r of existing.rows as { rfc_tercero: string; numero: string }[]) out.set(r.rfc_tercero, r.numero);
  const missing = [...terceros.entries()].filter(([rfc]) => !out.has(rfc));
  if (!missing.length) return out;
  const maxRes = await db.execute(sql`SELECT count(*)::int AS n FROM accounting_accounts WHERE user_id = ${userId} AND padre = ${padre}`);
  let seq = Number((maxRes.rows[0] as { n: number }).n);
  for (let i = 0; i < missing.length; i += 500) {
    const chunk = missing.slice(i, i + 500).map(([rfc, nombre]) => {
      seq += 1;
      const numero = `${padre}.${String(seq).padStart(4, '0')}`;
      out.set(rfc, numero);
      return sql`(${userId}, ${numero}, ${`${nombre?.trim() || rfc} (${rfc})`.slice(0, 400)}, ${parent.codigo_agrupador}, ${parent.naturaleza}, ${Number(parent.nivel) + 1}, ${padre}, ${rfc})`;
    });
    await db.execute(sql`INSERT INTO accounting_accounts (user_id, numero, descripcion, codigo_agrupador, naturaleza, nivel, padre, rfc_tercero)
      VALUES ${sql.join(chunk, sql`, `)}`);
  }
  return out;
}

/**
 * Imports an existing CatalogoCuentas 1.3 (what the account already sent SAT): valid against SAT's XSD,
 * parents before children; each account is added, or updated when its número exists. One transaction.
 */
export async function importarCatalogo(db: Db, userId: number, xml: string): Promise<{ importadas: number; cuentas: Cuenta[] }> {
  const problems = validateContabilidadXsd(xml);
  if (problems.length) throw badRequest('El XML no es un catálogo de cuentas 1.3 válido', { xml: problems.slice(0, 5) });
  const archivo = leerArchivoContable(xml);
  if (archivo.tipo !== 'catalogo') throw fieldError('xml', 'El XML no es un catálogo de cuentas (CatalogoCuentas 1.3)');
  await ensureChart(db, userId);
  const cuentas = [...archivo.cuentas].sort((x, y) => x.nivel - y.nivel);
  const enArchivo = new Set(cuentas.map((c) => c.numero));
  const existentes = new Set((await listCuentas(db, userId)).map((c) => c.numero));
  const errors: Record<string, string[]> = {};
  cuentas.forEach((c, i) => {
    if (!findCodigoAgrupador(c.codigoAgrupador)) errors[`cuentas.${i}.codigoAgrupador`] = [`El código agrupador ${c.codigoAgrupador} no existe en el catálogo del SAT`];
    if (c.padre && !enArchivo.has(c.padre) && !existentes.has(c.padre)) errors[`cuentas.${i}.padre`] = [`La cuenta ${c.numero} es subcuenta de ${c.padre}, que no existe`];
  });
  if (Object.keys(errors).length) throw badRequest('Revisa el catálogo', errors);
  await db.transaction(async (tx) => {
    for (let i = 0; i < cuentas.length; i += 500) {
      const values = cuentas.slice(i, i + 500).map((c) => sql`(${userId}, ${c.numero}, ${c.descripcion}, ${c.codigoAgrupador}, ${c.naturaleza}, ${c.nivel}, ${c.padre})`);
      await tx.execute(sql`INSERT INTO accounting_accounts (user_id, numero, descripcion, codigo_agrupador, naturaleza, nivel, padre)
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (user_id, numero) DO UPDATE SET descripcion = excluded.descripcion, codigo_agrupador = excluded.codigo_agrupador,
          naturaleza = excluded.naturaleza, nivel = excluded.nivel, padre = excluded.padre, activa = true, updated_at = now()`);
    }
  });
  return { importadas: cuentas.length, cuentas: await listCuentas(db, userId) };
}

/**
 * One subaccount of the rule's bancos account per bank account (by CLABE, decision 301): `<bancos>.0001`…,
 * created when missing. Returns CLABE → número.
 */
export async function ensureBancos(db: Runner, userId: number, padre: string, bancos: { clabe: string; descripcion: string }[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!bancos.length) return out;
  const parentRes = await db.execute(sql`SELECT codigo_agrupador, naturaleza, nivel FROM accounting_accounts WHERE user_id = ${userId} AND numero = ${padre}`);
  const parent = parentRes.rows[0] as { codigo_agrupador: string; naturaleza: string; nivel: number } | undefined;
  if (!parent) throw new AppError(422, `La cuenta ${padre} de las reglas no existe en el catálogo`, { reglas: [`La cuenta ${padre} no existe`] });
  const existing = await db.execute(sql`SELECT clabe, numero FROM accounting_accounts WHERE user_id = ${userId} AND padre = ${padre} AND clabe IS NOT NULL`);
  for (const r of existing.rows as { clabe: string; numero: string }[]) out.set(r.clabe, r.numero);
  const missing = bancos.filter((b) => !out.has(b.clabe));
  if (!missing.length) return out;
  const taken = new Set(((await db.execute(sql`SELECT numero FROM accounting_accounts WHERE user_id = ${userId} AND padre = ${padre}`)).rows as { numero: string }[]).map((r) => r.numero));
  let seq = 0;
  for (const b of missing) {
    let numero: string;
    do { seq += 1; numero = `${padre}.${String(seq).padStart(4, '0')}`; } while (taken.has(numero));
    taken.add(numero);
    out.set(b.clabe, numero);
    await db.execute(sql`INSERT INTO accounting_accounts (user_id, numero, descripcion, codigo_agrupador, naturaleza, nivel, padre, clabe)
      VALUES (${userId}, ${numero}, ${b.descripcion.slice(0, 400)}, ${parent.codigo_agrupador}, ${parent.naturaleza}, ${Number(parent.nivel) + 1}, ${padre}, ${b.clabe})`);
  }
  return out;
}
