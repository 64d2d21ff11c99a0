import { postalCodeExists, productServiceExists } from '../../catalogs/server';
import { setBigCatalogLookups, validateDocument } from '../../validate';
import type { ValidationIssue } from '../../validate';
import { NS } from '../../xml/namespaces';
import { parseXml } from '../../xml/parse';
import type { Command } from '../command';
import { readInputFile } from '../input';

const SEVERITY = { error: 'ERROR', warning: 'AVISO' } as const;

export const validateCommand: Command = {
  name: 'validate',
  summary: 'Valida un CFDI 4.0 contra los XSD y las reglas del SAT antes de timbrar',
  help: `Uso: cfdi validate ARCHIVO.xml [--sin-sello] [--json]

Revisa la estructura (XSD del SAT) y las reglas del Anexo 20 y de Pagos 2.0 que se pueden
comprobar sin conexión (montos, impuestos, catálogos, RFC, régimen, uso del CFDI…).
Imprime un renglón por problema: severidad, código del SAT, campo y qué corregir.
Código de salida: 0 sin errores (puede haber avisos), 1 con errores.

Opciones:
  --sin-sello   el comprobante aún no está sellado: no reportar Sello/Certificado faltantes
  --json        imprime los problemas como JSON`,
  options: { json: { type: 'boolean' }, 'sin-sello': { type: 'boolean' } },
  positionals: 1,
  run({ positionals, values, io }) {
    const bytes = readInputFile(positionals[0], 'archivo XML');
    // Parsing first gives the safe parser's one-line errors for malformed or hostile input.
    const root = parseXml(bytes);
    setBigCatalogLookups({ postalCode: postalCodeExists, productService: productServiceExists });
    // Retenciones 2.0 has its own root and its own (smaller) rule set.
    const retenciones = root.ns === NS.retenciones20;
    const note = retenciones ? 'Retenciones 2.0: se revisaron el XSD y las reglas básicas de montos, RFC y periodo.' : undefined;
    const issues: ValidationIssue[] = validateDocument(bytes, { unsigned: values['sin-sello'] === true });
    const errors = issues.filter((i) => i.severity === 'error').length;
    if (values.json) {
      io.stdout(`${JSON.stringify({ ok: errors === 0, issues, ...(note ? { note } : {}) }, null, 2)}\n`);
    } else if (issues.length === 0) {
      io.stdout(`${note ? `${note}\n` : ''}Sin problemas: el comprobante cumple los esquemas y las reglas revisadas.\n`);
    } else {
      const lines = issues.map((i) => `${SEVERITY[i.severity]} ${i.code} ${i.field || '(documento)'}: ${i.message}`);
      const warnings = issues.length - errors;
      lines.push('', ...(note ? [note] : []), `${errors} error(es), ${warnings} aviso(s).`);
      io.stdout(`${lines.join('\n')}\n`);
    }
    return errors === 0 ? 0 : 1;
  },
};
