import { childElements, type XmlElement } from '../xml';
import { findEntry } from '../catalogs';
import { Decimal } from '../money';
import { validateCfdi } from './cfdi';
import type { Fix, ValidationIssue } from './types';

/**
 * Codes whose fix is a recomputation from data already in the document (a sum, a product, a
 * rounding). Anything else (catalog claves, RFCs, fixed values of tipo P…) is business data and is
 * never touched here.
 */
const ROUNDING_CODES = new Set([
  // Concepto Importe and concept tax importes
  'CFDI40167', 'CFDI40180', 'CFDI40186',
  // Too many decimals for the currency
  'CFDI40107', 'CFDI40112', 'CFDI40202', 'CFDI40204', 'CFDI40210', 'CFDI40214', 'CFDI40220',
  // Document sums
  'CFDI40108', 'CFDI40111', 'CFDI40119', 'CFDI40203', 'CFDI40205', 'CFDI40211', 'CFDI40215', 'CFDI40221',
  // Pagos 2.0: saldo insoluto, ImpuestosP, Totales
  'CRP20244', 'CRP20265', 'CRP20268', 'CRP20269', 'CRP20274',
  'CRP20201', 'CRP20202', 'CRP20203', 'CRP20204', 'CRP20205', 'CRP20206', 'CRP20207', 'CRP20208', 'CRP20209', 'CRP20210', 'CRP20211',
]);

/** Codes about one concept's own amounts: only a difference of one unit in the last place is rounding. */
const CONCEPT_LEVEL = new Set(['CFDI40167', 'CFDI40180', 'CFDI40186']);

/** The element and attribute a fix field ("Comprobante.Conceptos.Concepto[2].Importe") points at. */
function locate(root: XmlElement, field: string): { node: XmlElement; name: string } | undefined {
  const steps = field.split('.');
  const name = steps.pop();
  if (!name || steps.shift() !== root.local) return undefined;
  let node: XmlElement | undefined = root;
  for (const step of steps) {
    const m = /^([^[]+)(?:\[(\d+)\])?$/.exec(step);
    const index = Number(m?.[2] ?? '1') - 1;
    node = node && childElements(node).filter((e) => e.local === m?.[1])[index];
    if (!node) return undefined;
  }
  return { node, name };
}

/** How far a value may move and still be "only rounding": one unit per amount summed. */
function tolerance(root: XmlElement, issue: ValidationIssue, decimals: number): Decimal {
  const unit = new Decimal(10).pow(-decimals);
  if (CONCEPT_LEVEL.has(issue.code)) return unit;
  const conceptos = childElements(root).find((e) => e.local === 'Conceptos');
  const count = conceptos ? childElements(conceptos).length : 1;
  const doctos = issue.code.startsWith('CRP') ? Math.max(1, countDescendants(root, 'DoctoRelacionado')) : 1;
  return unit.times(Math.max(1, count, doctos) + 1);
}

function countDescendants(root: XmlElement, local: string): number {
  let n = 0;
  for (const c of childElements(root)) n += (c.local === local ? 1 : 0) + countDescendants(c, local);
  return n;
}

/**
 * Automatic fix for pure rounding differences: recomputes concept importes, tax sums, SubTotal,
 * Descuento, Total, saldo insoluto and Pagos totals from the document's own data when the declared
 * value differs from the right one only by rounding (at most one unit per amount summed). Business
 * data (cantidades, precios, claves, RFCs, tasas) is never changed. Works on a copy; repeats until
 * stable because fixing a concept changes the sums above it.
 * @returns the corrected copy and the fixes applied, in order
 */
export function fixRounding(root: XmlElement): { root: XmlElement; applied: Fix[] } {
  const copy = structuredClone(root);
  const applied: Fix[] = [];
  const decimals = findEntry('c_Moneda', copy.attrs.get('Moneda') ?? '')?.decimales ?? 2;
  for (let pass = 0; pass < 6; pass++) {
    let changed = false;
    const eligible = validateCfdi(copy).filter((i) => i.severity === 'error' && i.fix && ROUNDING_CODES.has(i.code));
    // Amounts of single concepts first: the sums above them are only right once those are.
    const concept = eligible.filter((i) => CONCEPT_LEVEL.has(i.code));
    for (const issue of concept.length > 0 ? concept : eligible) {
      if (!issue.fix) continue;
      const target = locate(copy, issue.fix.field);
      const current = target?.node.attrs.get(target.name);
      if (!target || current === undefined || !/^-?\d+(\.\d+)?$/.test(current.trim())) continue;
      const pagosTotal = issue.code.startsWith('CRP202') && issue.code <= 'CRP20211';
      const places = pagosTotal ? 2 : decimals;
      if (new Decimal(current.trim()).minus(issue.fix.value).abs().gt(tolerance(copy, issue, places))) continue;
      target.node.attrs.set(target.name, issue.fix.value);
      applied.push(issue.fix);
      changed = true;
    }
    if (!changed) break;
  }
  return { root: copy, applied };
}
