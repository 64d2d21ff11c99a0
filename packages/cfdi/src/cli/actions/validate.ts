import { postalCodeExists, productServiceExists } from '../../catalogs/server';
import { setBigCatalogLookups, validateDocument } from '../../validate';
import type { ValidationIssue } from '../../validate';
import { NS } from '../../xml/namespaces';
import { parseXml } from '../../xml/parse';
import { runFiles } from '../batch';
import type { CommandContext } from '../command';
import { readInputFile } from '../input';

const SEVERITY = { error: 'ERROR', warning: 'AVISO' } as const;
const RETENCIONES_NOTE = 'Retenciones 2.0: se revisaron el XSD y las reglas básicas de montos, RFC y periodo.';

interface Outcome {
  issues: ValidationIssue[];
  errors: number;
  note?: string;
}

const issueLine = (i: ValidationIssue) => `${SEVERITY[i.severity]} ${i.code} ${i.field || '(documento)'}: ${i.message}`;

/** `cfdi validate`: loaded only when the command runs (see commands/validate.ts). */
export function run(ctx: CommandContext): number {
  const json = ctx.values.json === true;
  setBigCatalogLookups({ postalCode: postalCodeExists, productService: productServiceExists });
  return runFiles<Outcome>(ctx, {
    process(file) {
      const bytes = readInputFile(file, 'archivo XML');
      // Parsing first gives the safe parser's one-line errors for malformed or hostile input.
      const root = parseXml(bytes);
      // Retenciones 2.0 has its own root and its own (smaller) rule set.
      const note = root.ns === NS.retenciones20 ? RETENCIONES_NOTE : undefined;
      const issues = validateDocument(bytes, { unsigned: ctx.values['sin-sello'] === true });
      return { issues, errors: issues.filter((i) => i.severity === 'error').length, note };
    },
    exit: (o) => (o.errors === 0 ? 0 : 1),
    single({ issues, errors, note }) {
      if (json) return `${JSON.stringify({ ok: errors === 0, issues, ...(note ? { note } : {}) }, null, 2)}\n`;
      if (issues.length === 0) {
        return `${note ? `${note}\n` : ''}Sin problemas: el comprobante cumple los esquemas y las reglas revisadas.\n`;
      }
      const lines = issues.map(issueLine);
      lines.push('', ...(note ? [note] : []), `${errors} error(es), ${issues.length - errors} aviso(s).`);
      return `${lines.join('\n')}\n`;
    },
    line({ issues, errors }) {
      if (errors === 0) return issues.length ? `Sin errores (${issues.length} aviso(s))` : 'Sin problemas';
      const first = issues.find((i) => i.severity === 'error')!;
      return `${errors} error(es), ${issues.length - errors} aviso(s); el primero: ${issueLine(first).replace(/\s*\n\s*/g, ' ')}`;
    },
    object: ({ issues, errors, note }) => ({ ok: errors === 0, issues, ...(note ? { note } : {}) }),
  });
}
