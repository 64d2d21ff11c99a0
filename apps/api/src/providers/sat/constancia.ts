import { getCatalog } from '@facturo/cfdi/catalogs';
import { textPdf, type PdfLine } from '@facturo/cfdi/pdf';

/**
 * SAT port for the constancia de situación fiscal (CSF) and the cédula de identificación fiscal (CIF): SAT
 * hands them out from its portal after a CIEC or e.firma login. The portal cannot be reached from here, so the
 * real adapter says so; the offline default prints a constancia in SAT's layout from the profile on file
 * (the same reader that reads an uploaded constancia reads it back).
 */

export type ConstanciaTipo = 'CSF' | 'CIF';

export interface ConstanciaRequest {
  rfc: string;
  tipo: ConstanciaTipo;
  /** The credential used to log in to SAT's portal. */
  auth: 'ciec' | 'efirma';
  profile: { nombre: string; persona: string; regimen: string | null; cp: string | null; calle: string | null; numExterior: string | null; colonia: string | null; alta: Date };
}

export interface ConstanciaPort {
  kind: 'sat' | 'local';
  obtain(req: ConstanciaRequest): Promise<Buffer>;
}

export class ConstanciaUnavailableError extends Error {}

const pad = (n: number) => String(n).padStart(2, '0');
const dmy = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
const MESES = ['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SEPTIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'];
const largo = (d: Date) => `${pad(d.getUTCDate())} DE ${MESES[d.getUTCMonth()]} DE ${d.getUTCFullYear()}`;

/** The obligations SAT prints for each régimen (the common ones; SAT's wording). */
const OBLIGACIONES: Record<string, [string, string][]> = {
  '601': [
    ['Declaración anual de ISR del ejercicio Personas morales.', 'A más tardar el 31 de marzo del ejercicio siguiente.'],
    ['Pago provisional mensual de ISR personas morales.', 'A más tardar el día 17 del mes siguiente.'],
    ['Pago definitivo mensual de IVA.', 'A más tardar el día 17 del mes siguiente.'],
  ],
  '612': [
    ['Declaración anual de ISR. Personas Físicas.', 'A más tardar el 30 de abril del ejercicio siguiente.'],
    ['Pago provisional mensual de ISR por actividades empresariales.', 'A más tardar el día 17 del mes siguiente.'],
    ['Pago definitivo mensual de IVA.', 'A más tardar el día 17 del mes siguiente.'],
  ],
  '626': [
    ['Pago definitivo mensual de ISR. Régimen Simplificado de Confianza.', 'A más tardar el día 17 del mes siguiente.'],
    ['Pago definitivo mensual de IVA.', 'A más tardar el día 17 del mes siguiente.'],
  ],
};
const OBLIGACION_GENERAL: [string, string][] = [['Declaración anual de ISR del ejercicio.', 'A más tardar el 30 de abril del ejercicio siguiente.']];

/** The constancia's text lines in SAT's order and wording (labels in title case, values in capitals). */
export function constanciaLines(req: ConstanciaRequest, now = new Date()): string[] {
  const p = req.profile;
  const alta = dmy(p.alta);
  const regimen = p.regimen ? getCatalog('c_RegimenFiscal').find((r) => r.clave === p.regimen) : undefined;
  const moral = p.persona === 'moral';
  const nombre = p.nombre.toUpperCase();
  const lines = [
    'CÉDULA DE IDENTIFICACIÓN FISCAL',
    `${req.rfc} Registro Federal de Contribuyentes`,
    nombre,
    `idCIF: ${req.rfc.replace(/\D/g, '').padEnd(11, '0').slice(0, 11)} VALIDA TU INFORMACIÓN FISCAL`,
    'CONSTANCIA DE SITUACIÓN FISCAL',
    `Lugar y Fecha de Emisión CIUDAD DE MEXICO A ${largo(now)}`,
    'Datos de Identificación del Contribuyente:',
    `RFC: ${req.rfc}`,
    ...(moral ? [`Denominación/Razón Social: ${nombre}`] : [`Nombre (s): ${nombre}`]),
    `Fecha inicio de operaciones: ${largo(p.alta)}`,
    'Estatus en el padrón: ACTIVO',
    'Datos del domicilio registrado',
    `Código Postal:${p.cp ?? ''} Tipo de Vialidad: CALLE`,
    `Nombre de Vialidad: ${(p.calle ?? 'SIN NOMBRE').toUpperCase()} Número Exterior: ${p.numExterior ?? 'SN'}`,
    `Nombre de la Colonia: ${(p.colonia ?? '').toUpperCase()}`,
  ];
  if (req.tipo === 'CSF') {
    lines.push(
      'Actividades Económicas:',
      'Orden Actividad Económica Porcentaje Fecha Inicio Fecha Fin',
      `1 Otros servicios profesionales, científicos y técnicos 100 ${alta}`,
      'Regímenes:',
      'Régimen Fecha Inicio Fecha Fin',
      ...(regimen ? [`${regimen.descripcion} ${alta}`] : []),
      'Obligaciones:',
      'Descripción de la Obligación Descripción Vencimiento Fecha Inicio Fecha Fin',
      ...(OBLIGACIONES[p.regimen ?? ''] ?? OBLIGACION_GENERAL).map(([d, v]) => `${d} ${v} ${alta}`),
    );
  } else if (regimen) {
    lines.push('Regímenes:', 'Régimen Fecha Inicio Fecha Fin', `${regimen.descripcion} ${alta}`);
  }
  lines.push('Sus datos personales son incorporados y protegidos en los sistemas del SAT.');
  return lines;
}

/** The offline default: a PDF in SAT's layout from the profile, marked as generated locally. */
export function localConstancia(): ConstanciaPort {
  return {
    kind: 'local',
    async obtain(req) {
      const lines: PdfLine[] = constanciaLines(req).map((text, i) => ({ text, bold: i < 5 }));
      lines.push({ text: 'Documento generado localmente sin conexión al SAT: sin validez oficial.', size: 8 });
      return Buffer.from(await textPdf(lines, req.tipo === 'CSF' ? 'Constancia de Situación Fiscal' : 'Cédula de Identificación Fiscal'));
    },
  };
}

/** The real adapter: SAT's portal is not reachable from this environment (decision 230). */
export function satConstancia(): ConstanciaPort {
  return {
    kind: 'sat',
    async obtain() {
      throw new ConstanciaUnavailableError('El portal del SAT no es accesible desde este entorno; sube tu constancia en PDF desde tu perfil');
    },
  };
}

export const constanciaFromEnv = (env: NodeJS.ProcessEnv = process.env): ConstanciaPort => (env.SAT_CONSTANCIA_PROVIDER === 'sat' ? satConstancia() : localConstancia());
