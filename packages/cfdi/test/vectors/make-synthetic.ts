/**
 * Writes synthetic/*.xml: for every cadena rule set, one "maximal" document per complement
 * its stylesheets know (plus one without complements), built by walking the derived rules:
 * every attribute the stylesheet reads is present with an awkward value (Ñ, accents, & < > " ',
 * tabs, line breaks, runs of spaces), optional ones alternate present/absent, some required
 * ones are missing, repeated nodes appear twice, xsl:if branches are taken and skipped.
 * make-vectors.sh then asks real xsltproc + SAT's XSLT for the expected cadena, so the test
 * proves that the derived rules reproduce every complement, not just the ones in fixtures.
 *
 *   npx tsx packages/cfdi/test/vectors/make-synthetic.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { derivedRules } from '../../src/cadena/rules.generated';
import type { InstrSpec, PathSpec, RuleSetSpec, TemplateSpec } from '../../src/cadena/rules-types';
import { el, isElement, writeXml, type XmlElement } from '../../src/xml';

const outDir = path.join(import.meta.dirname, 'synthetic');
const rules = derivedRules;

const SAMPLES = [
  (n: number) => `V${n}`,
  (n: number) => `  Ñandú  Pérez \t y\n"Compañía" & <Hijos> 'S.A.'  ${n} `,
  (n: number) => `${n}.50`,
  (n: number) => `Línea\r\nuno\tdos   tres ${n}`,
  (n: number) => `ÁÉÍÓÚ áéíóú ü ¿? ¡! # $ % ${n}`,
];

interface Builder {
  counter: number;
  templates: Map<string, TemplateSpec>;
  prefixes: Map<string, string>;
}

function stepName(step: string): { ns: string; local: string } {
  const m = /^[cd](\d+):(.+)$/.exec(step);
  if (!m) throw new Error(`paso inesperado ${step}`);
  return { ns: rules.namespaces[Number(m[1])], local: m[2] };
}

function newElement(b: Builder, ns: string, local: string): XmlElement {
  let prefix = b.prefixes.get(ns);
  if (prefix === undefined) {
    prefix = `n${b.prefixes.size}`;
    b.prefixes.set(ns, prefix);
  }
  return el(ns === '' ? local : `${prefix}:${local}`, ns);
}

/** The element at `steps` below `ctx`, created when missing (the first one when repeated). */
function ensure(b: Builder, ctx: XmlElement, steps: PathSpec): XmlElement {
  let cur = ctx;
  for (const s of steps) {
    if (s === '.' || s === '/') continue;
    const { ns, local } = stepName(s);
    let next = cur.children.find((c): c is XmlElement => isElement(c) && c.ns === ns && c.local === local);
    if (!next) {
      next = newElement(b, ns, local);
      cur.children.push(next);
    }
    cur = next;
  }
  return cur;
}

function sample(b: Builder): string {
  const n = b.counter++;
  return SAMPLES[n % SAMPLES.length](n);
}

function setValue(b: Builder, ctx: XmlElement, p: PathSpec, required: boolean, variant: number): void {
  const last = p[p.length - 1];
  const skip = variant === 1 && (required ? b.counter % 7 === 0 : b.counter % 2 === 0);
  if (skip) {
    b.counter++;
    return;
  }
  if (last.startsWith('@')) {
    const owner = ensure(b, ctx, p.slice(0, -1));
    if (!owner.attrs.has(last.slice(1))) owner.attrs.set(last.slice(1), sample(b));
    return;
  }
  const target = ensure(b, ctx, p);
  if (target.children.length === 0) target.children.push({ text: sample(b) });
}

function instances(b: Builder, ctx: XmlElement, p: PathSpec, depth: number): XmlElement[] {
  if (p.every((s) => s === '.')) return [ctx];
  const parent = ensure(b, ctx, p.slice(0, -1));
  const { ns, local } = stepName(p[p.length - 1]);
  const count = depth < 3 ? 2 : 1;
  const made: XmlElement[] = [];
  for (let i = 0; i < count; i++) {
    const e = newElement(b, ns, local);
    parent.children.push(e);
    made.push(e);
  }
  return made;
}

function build(b: Builder, ctx: XmlElement, body: InstrSpec[], variant: number, depth: number, seen: Set<string>): void {
  if (depth > 12) return;
  for (const i of body) {
    switch (i[0]) {
      case 'text':
        break;
      case 'req':
      case 'opt':
        setValue(b, ctx, i[1], i[0] === 'req', variant);
        break;
      case 'apply': {
        if (i[1].includes('c*') || i[1][0] === '/') break; // containers of other complements
        instances(b, ctx, i[1], depth).forEach((e, k) => applyTemplate(b, e, k, depth + 1, seen));
        break;
      }
      case 'each': {
        if (i[1].includes('c*')) break;
        instances(b, ctx, i[1], depth).forEach((e, k) => build(b, e, i[2], k, depth + 1, seen));
        break;
      }
      case 'if': {
        if (variant === 1) break;
        const [kind, p] = i[1];
        if (kind === 'equals') {
          const last = p[p.length - 1];
          ensure(b, ctx, p.slice(0, -1)).attrs.set(last.slice(1), i[1][2] as string);
        } else if (!p[p.length - 1].startsWith('@')) ensure(b, ctx, p);
        build(b, ctx, i[2], variant, depth + 1, seen);
        break;
      }
    }
  }
}

function applyTemplate(b: Builder, e: XmlElement, variant: number, depth: number, seen: Set<string>): void {
  const key = `${e.ns} ${e.local}`;
  const t = b.templates.get(key);
  if (!t || seen.has(key)) return;
  build(b, e, t.body, variant, depth, new Set([...seen, key]));
}

function templatesOf(set: RuleSetSpec): Map<string, TemplateSpec> {
  const map = new Map<string, TemplateSpec>();
  for (const [s, t] of set.templates) {
    const tpl = rules.stylesheets[s].templates[t];
    if (tpl.match === '/') continue;
    const { ns, local } = stepName(tpl.match);
    map.set(`${ns} ${local}`, tpl);
  }
  return map;
}

/** Root element name and the Version value our detection (and SAT) expects for each set. */
const ROOTS: Record<string, { local: string; version: string; complemento?: string }> = {
  cfdi40: { local: 'Comprobante', version: '4.0', complemento: 'Complemento' },
  cfdi33: { local: 'Comprobante', version: '3.3', complemento: 'Complemento' },
  retenciones20: { local: 'Retenciones', version: '2.0', complemento: 'Complemento' },
  tfd11: { local: 'TimbreFiscalDigital', version: '1.1' },
};

function document(set: RuleSetSpec, complement?: TemplateSpec): XmlElement {
  const templates = templatesOf(set);
  const b: Builder = { counter: 0, templates, prefixes: new Map() };
  const rootInfo = ROOTS[set.id];
  const rootKey = [...templates.keys()].find((k) => k.endsWith(` ${rootInfo.local}`) && rules.stylesheets.some((s) => s.path === set.entry && s.templates.some((t) => t.match !== '/' && `${stepName(t.match).ns} ${stepName(t.match).local}` === k)))!;
  const [rootNs] = rootKey.split(' ');
  b.prefixes.set(rootNs, set.id === 'tfd11' ? 'tfd' : set.id === 'retenciones20' ? 'retenciones' : 'cfdi');
  const root = newElement(b, rootNs, rootInfo.local);
  // The maximal body is covered once by the "-base" document; complement documents keep the
  // root bare so the vectors stay small.
  if (!complement) applyTemplate(b, root, 0, 0, new Set());
  root.attrs.set('Version', rootInfo.version);
  if (complement && rootInfo.complemento) {
    const { ns, local } = stepName(complement.match);
    const comp = newElement(b, ns, local);
    applyTemplate(b, comp, 0, 1, new Set());
    ensure(b, root, [`c${rules.namespaces.indexOf(rootNs)}:${rootInfo.complemento}`]).children.push(comp);
  }
  for (const [ns, prefix] of b.prefixes) if (ns !== '') root.nsDecls.set(prefix, ns);
  return root;
}

function main(): void {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  let count = 0;
  for (const set of rules.ruleSets) {
    const write = (name: string, root: XmlElement): void => {
      writeFileSync(path.join(outDir, `${set.id}-${name}.xml`), `${writeXml(root)}\n`);
      count++;
    };
    write('base', document(set));
    const entrySheet = rules.stylesheets.find((s) => s.path === set.entry)!;
    const effective = new Set(set.templates.map(([s, t]) => `${s}:${t}`));
    for (const [s, sheet] of rules.stylesheets.entries()) {
      if (sheet === entrySheet) continue;
      const included = sheet.templates.some((_, t) => effective.has(`${s}:${t}`));
      if (!included) continue;
      const first = sheet.templates.find((t) => t.match !== '/');
      if (!first) continue;
      write(path.basename(sheet.path, '.xslt'), document(set, first));
    }
  }
  console.log(`${count} documentos sintéticos en ${path.relative(process.cwd(), outDir)}`);
}

main();
