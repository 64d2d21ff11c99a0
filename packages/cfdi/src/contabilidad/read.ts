import { parseXml } from '../xml/parse';
import type { XmlElement } from '../xml/types';
import type { FilaBalanza } from './balanza';
import type { CompNal, Cuenta } from './types';
import type { CuentaAuxiliar, Encabezado, FolioXml, PolizaXml, Solicitud, TipoSolicitud } from './xml';

/**
 * Reads Anexo 24 files (1.3) back into the shapes the writers take, so an existing catálogo or balanza can
 * be imported and any file written again. Parsing goes through the engine's safe parser (no DTD, no
 * external entities, size and depth limits). Call validateContabilidadXsd first: this reader trusts the shape.
 */
export type ArchivoContable =
  | { tipo: 'catalogo'; encabezado: Encabezado; cuentas: Cuenta[] }
  | { tipo: 'balanza'; encabezado: Encabezado; tipoEnvio: 'N' | 'C'; fechaModBal?: string; filas: FilaBalanza[] }
  | { tipo: 'polizas'; encabezado: Encabezado; solicitud: Solicitud; polizas: PolizaXml[] }
  | { tipo: 'folios'; encabezado: Encabezado; solicitud: Solicitud; folios: FolioXml[] }
  | { tipo: 'auxiliar'; encabezado: Encabezado; solicitud: Solicitud; cuentas: CuentaAuxiliar[] };

const kids = (e: XmlElement, local: string): XmlElement[] =>
  e.children.filter((c): c is XmlElement => 'local' in c && c.local === local);
const a = (e: XmlElement, name: string): string => e.attrs.get(name) ?? '';
const opt = (e: XmlElement, name: string): string | undefined => e.attrs.get(name) || undefined;

function encabezado(root: XmlElement): Encabezado {
  return { rfc: a(root, 'RFC'), anio: Number(a(root, 'Anio')), mes: Number(a(root, 'Mes')) };
}
function solicitud(root: XmlElement): Solicitud {
  return { tipoSolicitud: a(root, 'TipoSolicitud') as TipoSolicitud, numOrden: opt(root, 'NumOrden'), numTramite: opt(root, 'NumTramite') };
}
function comprobante(e: XmlElement): CompNal {
  const c: CompNal = { uuid: a(e, 'UUID_CFDI'), rfc: a(e, 'RFC'), montoTotal: a(e, 'MontoTotal') };
  if (opt(e, 'Moneda')) c.moneda = a(e, 'Moneda');
  if (opt(e, 'TipCamb')) c.tipCamb = a(e, 'TipCamb');
  return c;
}

/** Reads one Anexo 24 file; throws (Spanish) when the root is none of the five. */
export function leerArchivoContable(xml: string | Uint8Array): ArchivoContable {
  const root = parseXml(xml);
  const h = encabezado(root);
  switch (root.local) {
    case 'Catalogo':
      return {
        tipo: 'catalogo', encabezado: h,
        cuentas: kids(root, 'Ctas').map((c) => ({
          numero: a(c, 'NumCta'), descripcion: a(c, 'Desc'), codigoAgrupador: a(c, 'CodAgrup'), naturaleza: a(c, 'Natur') as 'D' | 'A',
          nivel: Number(a(c, 'Nivel')), padre: opt(c, 'SubCtaDe') ?? null,
        })),
      };
    case 'Balanza':
      return {
        tipo: 'balanza', encabezado: h, tipoEnvio: a(root, 'TipoEnvio') as 'N' | 'C', fechaModBal: opt(root, 'FechaModBal'),
        filas: kids(root, 'Ctas').map((c) => ({
          numero: a(c, 'NumCta'), descripcion: a(c, 'NumCta'), naturaleza: 'D' as const, nivel: 1,
          saldoInicial: a(c, 'SaldoIni'), debe: a(c, 'Debe'), haber: a(c, 'Haber'), saldoFinal: a(c, 'SaldoFin'),
        })),
      };
    case 'Polizas':
      return {
        tipo: 'polizas', encabezado: h, solicitud: solicitud(root),
        polizas: kids(root, 'Poliza').map((p) => ({
          numUnIdenPol: a(p, 'NumUnIdenPol'), fecha: a(p, 'Fecha'), concepto: a(p, 'Concepto'),
          lineas: kids(p, 'Transaccion').map((t) => ({
            numCta: a(t, 'NumCta'), desCta: a(t, 'DesCta'), concepto: a(t, 'Concepto'), debe: a(t, 'Debe'), haber: a(t, 'Haber'),
            comprobantes: kids(t, 'CompNal').map(comprobante),
          })),
        })),
      };
    case 'RepAuxFol':
      return {
        tipo: 'folios', encabezado: h, solicitud: solicitud(root),
        folios: kids(root, 'DetAuxFol').map((f) => ({ numUnIdenPol: a(f, 'NumUnIdenPol'), fecha: a(f, 'Fecha'), comprobantes: kids(f, 'ComprNal').map(comprobante) })),
      };
    case 'AuxiliarCtas':
      return {
        tipo: 'auxiliar', encabezado: h, solicitud: solicitud(root),
        cuentas: kids(root, 'Cuenta').map((c) => ({
          numCta: a(c, 'NumCta'), desCta: a(c, 'DesCta'), saldoIni: a(c, 'SaldoIni'), saldoFin: a(c, 'SaldoFin'),
          detalles: kids(c, 'DetalleAux').map((d) => ({ fecha: a(d, 'Fecha'), numUnIdenPol: a(d, 'NumUnIdenPol'), concepto: a(d, 'Concepto'), debe: a(d, 'Debe'), haber: a(d, 'Haber') })),
        })),
      };
    default:
      throw new Error(`El archivo no es de contabilidad electrónica 1.3 (elemento raíz ${root.name})`);
  }
}
