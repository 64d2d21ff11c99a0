/**
 * Test support: writes a small, valid one-page PDF (Helvetica, WinAnsi) with the given lines, so the
 * CSF upload can be exercised with a real PDF reader without shipping a taxpayer's constancia.
 */
export function textPdf(lines: string[]): Buffer {
  const esc = (s: string) =>
    [...s].map((ch) => {
      const code = ch.charCodeAt(0);
      if (ch === '(' || ch === ')' || ch === '\\') return `\\${ch}`;
      return code > 126 ? `\\${code.toString(8).padStart(3, '0')}` : ch;
    }).join('');
  const content = ['BT', '/F1 9 Tf', '11 TL', '40 800 Td', ...lines.map((l) => `(${esc(l)}) Tj T*`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The lines of a persona moral constancia as SAT lays them out (synthetic data, valid RFC). */
export function csfLinesMoral(rfc: string, cp: string): string[] {
  return [
    'CÉDULA DE IDENTIFICACIÓN FISCAL',
    `${rfc} Registro Federal de Contribuyentes`,
    'ESCUELA KEMPER URGATE SA DE CV',
    'idCIF: 12345678901 VALIDA TU INFORMACIÓN FISCAL',
    'CONSTANCIA DE SITUACIÓN FISCAL',
    'Lugar y Fecha de Emisión CUAUHTEMOC , CIUDAD DE MEXICO A 03 DE MARZO DE 2025',
    'Datos de Identificación del Contribuyente:',
    `RFC: ${rfc}`,
    'Denominación/Razón Social: ESCUELA KEMPER URGATE',
    'Régimen Capital: SOCIEDAD ANONIMA DE CAPITAL VARIABLE',
    'Nombre Comercial:',
    'Fecha inicio de operaciones: 17 DE MARZO DE 1990',
    'Estatus en el padrón: ACTIVO',
    'Datos del domicilio registrado',
    `Código Postal:${cp} Tipo de Vialidad: CALLE`,
    'Nombre de Vialidad: REFORMA Número Exterior: 222',
    'Actividades Económicas:',
    'Orden Actividad Económica Porcentaje Fecha Inicio Fecha Fin',
    '1 Otros servicios profesionales, científicos y técnicos 100 17/03/1990',
    'Regímenes:',
    'Régimen Fecha Inicio Fecha Fin',
    'Régimen General de Ley Personas Morales 17/03/1990',
    'Obligaciones:',
    'Descripción de la Obligación Descripción Vencimiento Fecha Inicio Fecha Fin',
    'Declaración anual de ISR del ejercicio Personas morales. A más tardar el 31 de marzo 17/03/1990',
  ];
}

/** A persona física constancia with two régimenes. */
export function csfLinesFisica(rfc: string, cp: string): string[] {
  return [
    'CONSTANCIA DE SITUACIÓN FISCAL',
    'Datos de Identificación del Contribuyente:',
    `RFC: ${rfc}`,
    'CURP: PEPJ800101HDFRRN09',
    'Nombre (s): JUANA',
    'Primer Apellido: PÉREZ',
    'Segundo Apellido: NÚÑEZ',
    'Fecha inicio de operaciones: 01 DE ENERO DE 2015',
    `Código Postal:${cp} Tipo de Vialidad: AVENIDA`,
    'Regímenes:',
    'Régimen Fecha Inicio Fecha Fin',
    'Régimen de Sueldos y Salarios e Ingresos Asimilados a Salarios 01/01/2015',
    'Régimen Simplificado de Confianza 01/01/2022',
    'Obligaciones:',
    'Declaración anual de ISR 01/01/2022',
  ];
}
