import type { FilaBalanza } from './balanza';
import type { CompNal, Cuenta, LineaPoliza } from './types';

/**
 * Writers of Anexo 24's XML files (version 1.3). Each is a generator of text chunks, so a month with
 * tens of thousands of pólizas streams to the client instead of being built in memory at once;
 * {@link xmlText} joins the chunks when a whole string is wanted (tests, small files).
 */

const NS = 'http://www.sat.gob.mx/esquemas/ContabilidadE/1_3';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** Escapes an attribute value (the writers only write attributes). */
export function attr(value: string): string {
  return value.replace(/[&<>"\r\n\t]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;', '\n': '&#10;', '\t': '&#9;' })[ch]!);
}

function attrs(pairs: [string, string | null | undefined][]): string {
  return pairs.filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => ` ${k}="${attr(v!)}"`).join('');
}

/** SAT's file name: RFC + year + month + type (CT catálogo, BN/BC balanza, PL pólizas, XF/XC auxiliares). */
export function nombreArchivo(rfc: string, anio: number, mes: number, tipo: 'CT' | 'BN' | 'BC' | 'PL' | 'XF' | 'XC'): string {
  return `${rfc}${anio}${String(mes).padStart(2, '0')}${tipo}.xml`;
}

const mes2 = (mes: number): string => String(mes).padStart(2, '0');
/** Anexo 24's limits: texts are cut, never rejected by SAT for length. */
const cut = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text) || '-';

export interface Encabezado {
  rfc: string;
  anio: number;
  mes: number;
}

/** CatalogoCuentas 1.3 (the catálogo has months 01–12 only). */
export function* catalogoXml(h: Encabezado, cuentas: Iterable<Cuenta>): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<catalogocuentas:Catalogo xmlns:catalogocuentas="${NS}/CatalogoCuentas" xmlns:xsi="${XSI}" xsi:schemaLocation="${NS}/CatalogoCuentas ${NS}/CatalogoCuentas/CatalogoCuentas_1_3.xsd"${attrs([
    ['Version', '1.3'], ['RFC', h.rfc], ['Mes', mes2(h.mes)], ['Anio', String(h.anio)],
  ])}>\n`;
  for (const c of cuentas) {
    yield `  <catalogocuentas:Ctas${attrs([
      ['CodAgrup', c.codigoAgrupador], ['NumCta', cut(c.numero, 100)], ['Desc', cut(c.descripcion, 400)],
      ['SubCtaDe', c.padre], ['Nivel', String(c.nivel)], ['Natur', c.naturaleza],
    ])}/>\n`;
  }
  yield '</catalogocuentas:Catalogo>\n';
}

export interface EncabezadoBalanza extends Encabezado {
  /** N normal, C complementaria (then FechaModBal is required). */
  tipoEnvio: 'N' | 'C';
  fechaModBal?: string;
}

/** BalanzaComprobacion 1.3 (month 13: the year-end closing entries). */
export function* balanzaXml(h: EncabezadoBalanza, filas: Iterable<FilaBalanza>): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<BCE:Balanza xmlns:BCE="${NS}/BalanzaComprobacion" xmlns:xsi="${XSI}" xsi:schemaLocation="${NS}/BalanzaComprobacion ${NS}/BalanzaComprobacion/BalanzaComprobacion_1_3.xsd"${attrs([
    ['Version', '1.3'], ['RFC', h.rfc], ['Mes', mes2(h.mes)], ['Anio', String(h.anio)], ['TipoEnvio', h.tipoEnvio],
    ['FechaModBal', h.tipoEnvio === 'C' ? h.fechaModBal : undefined],
  ])}>\n`;
  for (const f of filas) {
    yield `  <BCE:Ctas${attrs([
      ['NumCta', cut(f.numero, 100)], ['SaldoIni', f.saldoInicial], ['Debe', f.debe], ['Haber', f.haber], ['SaldoFin', f.saldoFinal],
    ])}/>\n`;
  }
  yield '</BCE:Balanza>\n';
}

export type TipoSolicitud = 'AF' | 'FC' | 'DE' | 'CO';

export interface Solicitud {
  tipoSolicitud: TipoSolicitud;
  numOrden?: string;
  numTramite?: string;
}

/**
 * SAT's rule for the pólizas and auxiliaries: AF (acto de fiscalización) and FC (fiscalización
 * compulsa) carry the NumOrden; DE (devolución) and CO (compensación) the NumTramite.
 * @returns field → Spanish message, empty when the request is complete.
 */
export function erroresSolicitud(s: Partial<Solicitud>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!s.tipoSolicitud || !['AF', 'FC', 'DE', 'CO'].includes(s.tipoSolicitud)) {
    errors.tipoSolicitud = ['El tipo de solicitud es obligatorio: AF, FC, DE o CO.'];
    return errors;
  }
  if (s.tipoSolicitud === 'AF' || s.tipoSolicitud === 'FC') {
    if (!s.numOrden || !/^[A-Z]{3}[0-9]{7}\/[0-9]{2}$/.test(s.numOrden)) {
      errors.numOrden = ['El número de orden es obligatorio para AF y FC, con el formato AAA0000000/00.'];
    }
  } else if (!s.numTramite || !/^[A-Z]{2}[0-9]{12}$/.test(s.numTramite)) {
    errors.numTramite = ['El número de trámite es obligatorio para DE y CO, con el formato AA000000000000.'];
  }
  return errors;
}

export interface PolizaXml {
  numUnIdenPol: string;
  fecha: string;
  concepto: string;
  lineas: (LineaPoliza & { desCta: string })[];
}

function* compNal(c: CompNal): Generator<string> {
  yield `      <PLZ:CompNal${attrs([
    ['UUID_CFDI', c.uuid], ['RFC', c.rfc], ['MontoTotal', c.montoTotal], ['Moneda', c.moneda], ['TipCamb', c.tipCamb],
  ])}/>\n`;
}

/** Serialises the solicitud attributes, only the number its tipo uses. */
function solicitudAttrs(s: Solicitud): [string, string | undefined][] {
  const orden = s.tipoSolicitud === 'AF' || s.tipoSolicitud === 'FC';
  return [['TipoSolicitud', s.tipoSolicitud], ['NumOrden', orden ? s.numOrden : undefined], ['NumTramite', orden ? undefined : s.numTramite]];
}

/** PolizasPeriodo 1.3; `polizas` may be a lazy iterable (a cursor), consumed once. */
export function* polizasXml(h: Encabezado, s: Solicitud, polizas: Iterable<PolizaXml>): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<PLZ:Polizas xmlns:PLZ="${NS}/PolizasPeriodo" xmlns:xsi="${XSI}" xsi:schemaLocation="${NS}/PolizasPeriodo ${NS}/PolizasPeriodo/PolizasPeriodo_1_3.xsd"${attrs([
    ['Version', '1.3'], ['RFC', h.rfc], ['Mes', mes2(h.mes)], ['Anio', String(h.anio)], ...solicitudAttrs(s),
  ])}>\n`;
  for (const p of polizas) yield* polizaXml(p);
  yield '</PLZ:Polizas>\n';
}

/** One PLZ:Poliza element (exported so async callers can stream pólizas from a cursor). */
export function* polizaXml(p: PolizaXml): Generator<string> {
  yield `  <PLZ:Poliza${attrs([['NumUnIdenPol', cut(p.numUnIdenPol, 50)], ['Fecha', p.fecha.slice(0, 10)], ['Concepto', cut(p.concepto, 300)]])}>\n`;
  for (const l of p.lineas) {
    yield `    <PLZ:Transaccion${attrs([
      ['NumCta', cut(l.numCta, 100)], ['DesCta', cut(l.desCta, 100)], ['Concepto', cut(l.concepto, 200)], ['Debe', l.debe], ['Haber', l.haber],
    ])}>\n`;
    for (const c of l.comprobantes) yield* compNal(c);
    yield '    </PLZ:Transaccion>\n';
  }
  yield '  </PLZ:Poliza>\n';
}

/** The opening of a PolizasPeriodo document and its closing tag, for writers that stream pólizas themselves. */
export function polizasEnvoltura(h: Encabezado, s: Solicitud): { inicio: string; fin: string } {
  const chunks = [...polizasXml(h, s, [])];
  return { inicio: chunks.slice(0, 2).join(''), fin: chunks[2]! };
}

export interface FolioXml {
  numUnIdenPol: string;
  fecha: string;
  comprobantes: CompNal[];
}

/** AuxiliarFolios 1.3 (RepAuxFol): each póliza with the CFDI it is backed by. */
export function* auxiliarFoliosXml(h: Encabezado, s: Solicitud, folios: Iterable<FolioXml>): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<RepAux:RepAuxFol xmlns:RepAux="${NS}/AuxiliarFolios" xmlns:xsi="${XSI}" xsi:schemaLocation="${NS}/AuxiliarFolios ${NS}/AuxiliarFolios/AuxiliarFolios_1_3.xsd"${attrs([
    ['Version', '1.3'], ['RFC', h.rfc], ['Mes', mes2(h.mes)], ['Anio', String(h.anio)], ...solicitudAttrs(s),
  ])}>\n`;
  for (const f of folios) {
    yield `  <RepAux:DetAuxFol${attrs([['NumUnIdenPol', cut(f.numUnIdenPol, 50)], ['Fecha', f.fecha.slice(0, 10)]])}>\n`;
    for (const c of f.comprobantes) {
      yield `    <RepAux:ComprNal${attrs([
        ['UUID_CFDI', c.uuid], ['MontoTotal', c.montoTotal], ['RFC', c.rfc], ['Moneda', c.moneda], ['TipCamb', c.tipCamb],
      ])}/>\n`;
    }
    yield '  </RepAux:DetAuxFol>\n';
  }
  yield '</RepAux:RepAuxFol>\n';
}

/** Joins a writer's chunks. */
export function xmlText(chunks: Iterable<string>): string {
  let out = '';
  for (const c of chunks) out += c;
  return out;
}

export interface CuentaAuxiliar {
  numCta: string;
  desCta: string;
  saldoIni: string;
  saldoFin: string;
  detalles: { fecha: string; numUnIdenPol: string; concepto: string; debe: string; haber: string }[];
}

/** AuxiliarCtas 1.3: each account with movements in the month, its balances and every line that moved it. */
export function* auxiliarCuentasXml(h: Encabezado, s: Solicitud, cuentas: Iterable<CuentaAuxiliar>): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<AuxiliarCtas:AuxiliarCtas xmlns:AuxiliarCtas="${NS}/AuxiliarCtas" xmlns:xsi="${XSI}" xsi:schemaLocation="${NS}/AuxiliarCtas ${NS}/AuxiliarCtas/AuxiliarCtas_1_3.xsd"${attrs([
    ['Version', '1.3'], ['RFC', h.rfc], ['Mes', mes2(h.mes)], ['Anio', String(h.anio)], ...solicitudAttrs(s),
  ])}>\n`;
  for (const c of cuentas) {
    yield `  <AuxiliarCtas:Cuenta${attrs([['NumCta', cut(c.numCta, 100)], ['DesCta', cut(c.desCta, 100)], ['SaldoIni', c.saldoIni], ['SaldoFin', c.saldoFin]])}>\n`;
    for (const d of c.detalles) {
      yield `    <AuxiliarCtas:DetalleAux${attrs([
        ['Fecha', d.fecha.slice(0, 10)], ['NumUnIdenPol', cut(d.numUnIdenPol, 50)], ['Concepto', cut(d.concepto, 200)], ['Debe', d.debe], ['Haber', d.haber],
      ])}/>\n`;
    }
    yield '  </AuxiliarCtas:Cuenta>\n';
  }
  yield '</AuxiliarCtas:AuxiliarCtas>\n';
}
