import { formatMoney } from '@facturo/cfdi/money';
import type { Statement } from '@facturo/contract';
import { textPdf, type PdfLine } from '@facturo/cfdi/pdf';

const NOT_MONEY = new Set(['tasa', 'coeficiente']);

/** The printable summary of a statement: header, each section's lines with their article, the CFDI count. */
export async function statementPdf(s: Statement): Promise<Buffer> {
  const lines: PdfLine[] = [
    { text: `Declaración ${s.period}`, bold: true, size: 16 },
    { text: `RFC ${s.rfc} · ${s.type}${s.regimen ? ` · régimen ${s.regimen}` : ''}` },
    { text: `Calculada el ${s.created_at.slice(0, 10)} (base de flujo de efectivo; resumen informativo, no es el acuse del SAT)` },
    { text: '' },
  ];
  if (s.mensaje) lines.push({ text: s.mensaje }, { text: '' });
  for (const sec of s.secciones) {
    lines.push({ text: sec.titulo, bold: true, size: 12 });
    if (!sec.calculado) lines.push({ text: sec.mensaje ?? 'No calculado' });
    else if (sec.mensaje) lines.push({ text: sec.mensaje });
    for (const l of sec.lineas) {
      const valor = NOT_MONEY.has(l.clave) ? l.valor : formatMoney(l.valor);
      lines.push({ text: `${l.concepto}: ${valor}`, bold: l.clave.endsWith('a_pagar') }, { text: `    ${l.fundamento}`, size: 8 });
    }
    lines.push({ text: `A pagar: ${formatMoney(sec.a_pagar)}${sec.saldo_a_favor !== '0.00' ? ` · saldo a favor: ${formatMoney(sec.saldo_a_favor)}` : ''}`, bold: true }, { text: '' });
  }
  lines.push({ text: `CFDI considerados: ${s.documentos.length}`, bold: true });
  for (const d of s.documentos.slice(0, 200)) {
    lines.push({ text: `${d.fecha} ${d.uuid} ${d.rfc} ${d.fuente} (${d.origen}) base ${formatMoney(d.base)} IVA ${formatMoney(d.iva)}`, size: 7 });
  }
  if (s.documentos.length > 200) lines.push({ text: `… y ${s.documentos.length - 200} más (lista completa en la aplicación)`, size: 8 });
  return Buffer.from(await textPdf(lines, `Declaración ${s.period} ${s.rfc}`));
}
