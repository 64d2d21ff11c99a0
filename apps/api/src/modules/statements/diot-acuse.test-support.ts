import { MONTHS } from '@facturo/contract';
import { textPdf } from '@facturo/cfdi/pdf';

/**
 * Test support: a PDF laid out like SAT's acuse of a DIOT (synthetic data), written with the engine's PDF
 * library (textPdf). `overrides` replaces lines by their label (e.g. `{ Periodo: 'Periodo: Abril' }`) or drops them (null).
 */
export function diotAcusePdf(rfc: string, year: number, month: number, overrides: Record<string, string | null> = {}): Promise<Uint8Array> {
  const lines: [string, string][] = [
    ['SAT', 'SERVICIO DE ADMINISTRACIÓN TRIBUTARIA'],
    ['Acuse', 'ACUSE DE RECIBO'],
    ['Declaración', 'DECLARACIÓN INFORMATIVA DE OPERACIONES CON TERCEROS'],
    ['RFC', `RFC: ${rfc}`],
    ['Nombre', 'Nombre o razón social: CONTRIBUYENTE DE PRUEBA'],
    ['Tipo', 'Tipo de declaración: Normal'],
    ['Ejercicio', `Ejercicio: ${year}`],
    ['Periodo', `Periodo: ${MONTHS[month - 1]}`],
    ['Operación', 'Número de operación: 250312345678'],
    ['Fecha', `Fecha y hora de presentación: 15/04/${year} 10:32:07`],
  ];
  const text = lines.flatMap(([label, line]) => (label in overrides ? (overrides[label] === null ? [] : [overrides[label]!]) : [line]));
  return textPdf(text.map((t) => ({ text: t })), 'Acuse de recibo DIOT');
}
