import { childElements, type XmlElement } from '../../xml';
import { Decimal, countDecimals } from '../../money';
import { findEntry } from '../../catalogs';
import type { Fix, ValidateOptions, ValidationIssue } from '../types';

const DECIMAL_TEXT = /^[+-]?\d+(\.\d+)?$/;

/** Parses an amount attribute; undefined when absent or not a plain decimal (the XSD reports those). */
export function dec(value: string | undefined): Decimal | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  return DECIMAL_TEXT.test(text) ? new Decimal(text) : undefined;
}

/** Digits written after the decimal point ("1.50" → 2). */
export const decimalsOf = (value: string): number => countDecimals(value.trim());

/** One unit of the last digit at `decimals` places (2 → 0.01). */
export const unit = (decimals: number): Decimal => new Decimal(10).pow(-decimals);

/**
 * Shared state of one validation run: the document, its currency decimals and the issues found.
 * Each rule file adds issues through `error`/`warn` so codes, fields and messages stay uniform.
 */
export class RuleContext {
  readonly issues: ValidationIssue[] = [];
  readonly tipo: string;
  readonly moneda: string;
  /** Decimals of the document's currency (c_Moneda), 2 when the currency is unknown. */
  readonly decimals: number;
  readonly now: Date;

  constructor(
    readonly root: XmlElement,
    readonly ns: string,
    readonly opts: ValidateOptions = {},
  ) {
    this.tipo = root.attrs.get('TipoDeComprobante') ?? '';
    this.moneda = root.attrs.get('Moneda') ?? '';
    this.decimals = findEntry('c_Moneda', this.moneda)?.decimales ?? 2;
    this.now = opts.now ?? new Date();
  }

  error(code: string, field: string, message: string, fix?: Fix): void {
    this.issues.push(fix ? { code, field, message, severity: 'error', fix } : { code, field, message, severity: 'error' });
  }

  warn(code: string, field: string, message: string, fix?: Fix): void {
    this.issues.push(fix ? { code, field, message, severity: 'warning', fix } : { code, field, message, severity: 'warning' });
  }

  /** First child element of `parent` in the document's CFDI namespace. */
  child(parent: XmlElement, local: string): XmlElement | undefined {
    return parent.children.find(
      (n): n is XmlElement => 'local' in n && n.local === local && n.ns === this.ns,
    );
  }

  /** Child elements of `parent` in the document's CFDI namespace with that local name. */
  children(parent: XmlElement, local: string): XmlElement[] {
    return childElements(parent).filter((e) => e.local === local && e.ns === this.ns);
  }

  /** Elements under Comprobante/Complemento in namespace `ns`. */
  complements(ns: string): XmlElement[] {
    const complemento = this.child(this.root, 'Complemento');
    return complemento ? childElements(complemento).filter((e) => e.ns === ns) : [];
  }
}

/** Attribute value or undefined. */
export const attr = (el: XmlElement | undefined, name: string): string | undefined => el?.attrs.get(name);

/** Amount as written, for messages ("(vacío)" when absent). */
export const shown = (value: string | undefined): string => (value === undefined || value === '' ? '(vacío)' : value);
