/** Deudora (D) or acreedora (A), as Anexo 24's `Natur`. */
export type Naturaleza = 'D' | 'A';

/** One account of a chart (catálogo de cuentas). */
export interface Cuenta {
  numero: string;
  descripcion: string;
  codigoAgrupador: string;
  naturaleza: Naturaleza;
  nivel: number;
  /** Número of the parent account (SubCtaDe); null at level 1. */
  padre: string | null;
}

/** 1 ingreso, 2 egreso, 3 diario (the usual póliza kinds). */
export type TipoPoliza = 'ingreso' | 'egreso' | 'diario';

/** A CFDI a line refers to (Anexo 24 CompNal). Amounts are decimal strings. */
export interface CompNal {
  uuid: string;
  rfc: string;
  montoTotal: string;
  moneda?: string;
  tipCamb?: string;
}

export interface LineaPoliza {
  numCta: string;
  concepto: string;
  /** Decimal strings with 2 decimals; one of debe/haber is '0.00'. */
  debe: string;
  haber: string;
  comprobantes: CompNal[];
}

export interface Poliza {
  tipo: TipoPoliza;
  /** YYYY-MM-DD */
  fecha: string;
  concepto: string;
  lineas: LineaPoliza[];
}
