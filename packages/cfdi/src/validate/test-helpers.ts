import { expect } from 'vitest';
import { childElements, parseXml, type XmlElement } from '../xml';
import { readFixture } from '../../test/fixtures';
import type { ValidationIssue } from './types';

/** A fresh parse of a fixture under fixtures/cfdi (tests mutate it freely). */
export const loadCfdi = (name: string): XmlElement => parseXml(readFixture('cfdi', name));

/**
 * The element at a dotted path of local names below the root, 1-based indexes like our field paths:
 * at(root, 'Conceptos.Concepto[2].Impuestos.Traslados.Traslado[1]').
 */
export function at(root: XmlElement, path: string): XmlElement {
  let node = root;
  for (const step of path.split('.').filter(Boolean)) {
    const m = /^([^[]+)(?:\[(\d+)\])?$/.exec(step);
    const name = m?.[1] ?? step;
    const index = Number(m?.[2] ?? '1') - 1;
    const next = childElements(node).filter((e) => e.local === name)[index];
    if (!next) throw new Error(`No existe ${path} (falla en ${step})`);
    node = next;
  }
  return node;
}

/** Sets (or with `undefined` removes) an attribute at a path. */
export function setAttr(root: XmlElement, path: string, name: string, value: string | undefined): void {
  const node = at(root, path);
  if (value === undefined) node.attrs.delete(name);
  else node.attrs.set(name, value);
}

/** Removes the element at a path. */
export function remove(root: XmlElement, path: string): void {
  const parts = path.split('.');
  const last = parts.pop()!;
  const parent = parts.length ? at(root, parts.join('.')) : root;
  const target = at(parent, last);
  parent.children = parent.children.filter((c) => c !== target);
}

export const errorsOf = (issues: ValidationIssue[]): ValidationIssue[] => issues.filter((i) => i.severity === 'error');

/** Asserts an error with exactly this code and field is among the issues. */
export function expectIssue(issues: ValidationIssue[], code: string, field: string): ValidationIssue {
  const found = issues.find((i) => i.code === code && i.field === field);
  expect(found, `se esperaba ${code} en ${field}; se obtuvo ${JSON.stringify(issues.map((i) => `${i.code} ${i.field}`))}`).toBeDefined();
  return found!;
}
