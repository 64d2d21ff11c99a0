import { fixRounding, validateCfdi, type ValidationIssue, type XmlElement } from '@facturo/cfdi';
import type { InvoiceWarning } from '@facturo/contract';
import { AppError } from '../../http/errors';

/** The engine's warnings an invoice response carries (the others are about documents this form never writes). */
const WARNINGS_SHOWN = new Set(['FAC24002']);

/** A rounding correction the engine made, as the form shows it ("what changed"). */
export interface AppliedFix {
  field: string;
  code: string;
  message: string;
  from?: string;
  to?: string;
}

const lcFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * Maps an engine path (Comprobante.Conceptos.Concepto[2].Impuestos.Traslados.Traslado[1].Base) to the body
 * field the user typed (conceptos.1.traslados.0): the form puts the message next to that field. Receptor data
 * comes from the customer record, so its problems point at clientId; the Emisor's at the account profile.
 */
export function bodyFieldOf(enginePath: string): string {
  const p = enginePath.replace(/^Comprobante\.?/, '');
  const concept = /^Conceptos\.Concepto\[(\d+)\](?:\.(.*))?$/.exec(p);
  if (concept) {
    const index = Number(concept[1]) - 1;
    const rest = concept[2] ?? '';
    const tax = /^Impuestos\.(Traslados\.Traslado|Retenciones\.Retencion)\[(\d+)\]/.exec(rest);
    if (tax) return `conceptos.${index}.${tax[1]!.startsWith('Traslados') ? 'traslados' : 'retenciones'}.${Number(tax[2]) - 1}`;
    if (rest.startsWith('CuentaPredial')) return `conceptos.${index}.cuentaPredial`;
    const attr = /^([A-Za-z]+)$/.exec(rest);
    return attr ? `conceptos.${index}.${lcFirst(attr[1]!)}` : `conceptos.${index}`;
  }
  if (p.startsWith('Receptor.UsoCFDI')) return 'usoCFDI';
  if (p.startsWith('Receptor')) return 'clientId';
  if (p.startsWith('Emisor')) return 'emisor';
  // LugarExpedicion is the account's CP (profile), not a body field: its own key names it (issue 24, IVA 8 %).
  if (p.startsWith('LugarExpedicion')) return 'lugarExpedicion';
  if (p.startsWith('InformacionGlobal')) return 'informacionGlobal';
  if (p.startsWith('CfdiRelacionados')) return 'cfdiRelacionados';
  const top: Record<string, string> = {
    FormaPago: 'formaPago', MetodoPago: 'metodoPago', Moneda: 'moneda', TipoCambio: 'tipoCambio', Exportacion: 'exportacion',
    Serie: 'serie', Folio: 'serie', TipoDeComprobante: 'tipoDeComprobante', Fecha: 'fecha',
  };
  return top[p.split('.')[0] ?? ''] ?? 'conceptos';
}

function readAttr(root: XmlElement, enginePath: string): string | undefined {
  const parts = enginePath.split('.');
  const attr = parts.pop();
  let node: XmlElement | undefined = root;
  for (const part of parts.slice(1)) {
    const m = /^([A-Za-z]+)(?:\[(\d+)\])?$/.exec(part);
    if (!m || !node) return undefined;
    const same: XmlElement[] = node.children.filter((c): c is XmlElement => 'local' in c && c.local === m[1]);
    node = same[(m[2] ? Number(m[2]) : 1) - 1];
  }
  return attr ? node?.attrs.get(attr) : undefined;
}

/** Decision 151: CFDI 3.3 is preview-only; SAT (and so the sandbox PAC) stopped stamping it on 2023-04-01. */
export const CFDI33_REFUSED =
  'CFDI40999: el SAT solo timbra CFDI 4.0 desde el 1 de abril de 2023; emite esta factura en versión 4.0 (la vista previa 3.3 sigue disponible)';

/** `{message, errors}` of a 422 whose keys are body fields and whose messages carry SAT's code. */
export function issuesError(issues: ValidationIssue[], lead = 'El SAT rechazaría esta factura'): AppError {
  const errors: Record<string, string[]> = {};
  for (const i of issues) (errors[bodyFieldOf(i.field)] ??= []).push(`${i.code}: ${i.message}`);
  const first = issues[0]!;
  return new AppError(422, `${lead}: ${first.code}: ${first.message}`, errors);
}

/**
 * Runs the engine's offline SAT rules on the unsigned document. Rounding problems the engine can fix
 * (an importe, base or total a cent off SAT's rule) are fixed in a copy and reported; any other error
 * refuses the invoice (422) before a folio, a stamp or the PAC is touched.
 */
export function checkDocument(root: XmlElement, now: Date, purpose: 'stamp' | 'preview' = 'stamp'): { root: XmlElement; fixes: AppliedFix[]; warnings: InvoiceWarning[] } {
  const is33 = root.attrs.get('Version') === '3.3';
  if (is33 && purpose === 'stamp') throw new AppError(422, CFDI33_REFUSED, { version: [CFDI33_REFUSED] });
  // A 3.3 preview skips only the "3.3 is no longer stamped" rule; every other problem still shows.
  const relevant = (i: ValidationIssue) => i.severity === 'error' && !(is33 && i.code === 'CFDI40999');
  let issues = validateCfdi(root, { now }).filter(relevant);
  let fixed = root;
  const fixes: AppliedFix[] = [];
  if (issues.some((i) => i.fix)) {
    const result = fixRounding(root);
    fixed = result.root;
    for (const f of result.applied) {
      const issue = issues.find((i) => i.fix?.field === f.field);
      fixes.push({
        field: bodyFieldOf(f.field), code: issue?.code ?? 'REDONDEO', from: readAttr(root, f.field), to: f.value,
        message: `Se corrigió ${f.field.replace(/^Comprobante\./, '')} a ${f.value} según las reglas de redondeo del SAT`,
      });
    }
    issues = validateCfdi(fixed, { now }).filter(relevant);
  }
  if (issues.length) throw issuesError(issues);
  // Warnings never block (SAT stamps the document); the form shows them before "Timbrar" (decision 272).
  const warnings = validateCfdi(fixed, { now })
    .filter((i) => i.severity === 'warning' && WARNINGS_SHOWN.has(i.code))
    .map((i) => ({ field: bodyFieldOf(i.field), code: i.code, message: i.message }));
  return { root: fixed, fixes, warnings };
}
