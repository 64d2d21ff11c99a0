import { isElement, type XmlElement } from '../xml/types';
import { textContent } from '../xml/query';
import { normalizeSpace } from './normalize-space';
import type { DerivedRules, InstrSpec, PathSpec, RuleSetSpec, TestSpec } from './rules-types';

/** State of one cadena evaluation. */
interface Run {
  out: string;
  doc: XmlElement;
  unsupported: Set<string> | undefined;
}

type Exec = (ctx: XmlElement, run: Run) => void;
type Visit = (e: XmlElement, run: Run) => void;
/** Visits the elements a path selects from ctx, in document order. */
type Walker = (ctx: XmlElement, run: Run, visit: Visit) => void;
/** string() of the first selected node, or undefined for an empty node-set. */
type Value = (ctx: XmlElement, run: Run) => string | undefined;

/** A stylesheet set turned into closures: evaluate with {@link CompiledRuleSet.run}. */
export interface CompiledRuleSet {
  id: RuleSetSpec['id'];
  /** Runs the "/" template on a document whose element is `root`. */
  run(root: XmlElement): { cadena: string; unsupported: string[] };
}

const DOCUMENT_NS = '#document';

/**
 * Namespaces that legitimately sit inside cfdi:Complemento but are not part of the cadena:
 * SAT's stylesheet has no template for them, so XSLT's built-in rules emit only their text
 * (none in a valid document). They must not be reported as unsupported complements.
 */
const OUTSIDE_CADENA = new Set(['http://www.sat.gob.mx/TimbreFiscalDigital']);

/**
 * Compiles one derived rule set into closures: path steps, namespace URIs and attribute
 * names are resolved once here, so evaluating a cadena does no parsing or string lookups
 * beyond Map hits by (namespace, local name).
 */
export function compileRuleSet(rules: DerivedRules, spec: RuleSetSpec): CompiledRuleSet {
  const table = new Map<string, Map<string, Exec>>();
  let rootTemplate: Exec | undefined;

  const apply: Visit = (e, run) => {
    const t = table.get(e.ns)?.get(e.local);
    if (t) t(e, run);
    else builtIn(e, run);
  };

  // XSLT built-in rule for elements: process children, copy text. For a namespace the
  // stylesheets know nothing about we refuse instead (see UnsupportedComplementError).
  const builtIn: Visit = (e, run) => {
    if (!table.has(e.ns) && !OUTSIDE_CADENA.has(e.ns)) {
      (run.unsupported ??= new Set()).add(e.ns);
      return;
    }
    for (const c of e.children) {
      if (isElement(c)) apply(c, run);
      else run.out += c.text;
    }
  };

  const step = (s: string): { ns: string | undefined; local: string; descendant: boolean } => {
    if (s === 'c*') return { ns: undefined, local: '*', descendant: false };
    const m = /^([cd])(\d+):(.+)$/.exec(s);
    if (!m) throw new Error(`Paso de ruta inválido en las reglas derivadas: ${s}`);
    return { ns: rules.namespaces[Number(m[2])], local: m[3], descendant: m[1] === 'd' };
  };

  const walker = (steps: PathSpec): Walker => {
    if (steps.length === 0) return (ctx, run, visit) => visit(ctx, run);
    const [first, ...rest] = steps;
    if (first === '.') return walker(rest);
    if (first === '/') {
      const next = walker(rest);
      return (_ctx, run, visit) => next(run.doc, run, visit);
    }
    const { ns, local, descendant } = step(first);
    const next = walker(rest);
    const matches =
      ns === undefined ? () => true : (e: XmlElement) => e.local === local && e.ns === ns;
    if (!descendant) {
      return (ctx, run, visit) => {
        for (const c of ctx.children) if (isElement(c) && matches(c)) next(c, run, visit);
      };
    }
    const descend = (e: XmlElement, run: Run, visit: Visit): void => {
      for (const c of e.children) {
        if (!isElement(c)) continue;
        if (matches(c)) next(c, run, visit);
        descend(c, run, visit);
      }
    };
    if (rest.length === 0) return descend;
    // ".//A/B" over nested A elements would yield B out of document order: sort and dedupe.
    return (ctx, run, visit) => {
      const found: XmlElement[] = [];
      descend(ctx, run, (e) => found.push(e));
      for (const e of inDocumentOrder(ctx, found)) visit(e, run);
    };
  };

  const value = (steps: PathSpec): Value => {
    const last = steps[steps.length - 1];
    if (last.startsWith('@')) {
      const name = last.slice(1);
      const owners = steps.slice(0, -1);
      if (owners.every((s) => s === '.')) return (ctx) => ctx.attrs.get(name);
      const walk = walker(owners);
      return (ctx, run) => {
        let found: string | undefined;
        walk(ctx, run, (e) => {
          if (found === undefined) found = e.attrs.get(name);
        });
        return found;
      };
    }
    const walk = walker(steps);
    return (ctx, run) => {
      let first: XmlElement | undefined;
      walk(ctx, run, (e) => {
        first ??= e;
      });
      return first === undefined ? undefined : textContent(first);
    };
  };

  const anyValue = (steps: PathSpec, accept: (v: string) => boolean): ((ctx: XmlElement, run: Run) => boolean) => {
    const last = steps[steps.length - 1];
    const attr = last.startsWith('@') ? last.slice(1) : undefined;
    const walk = walker(attr === undefined ? steps : steps.slice(0, -1));
    return (ctx, run) => {
      let ok = false;
      walk(ctx, run, (e) => {
        if (ok) return;
        const v = attr === undefined ? textContent(e) : e.attrs.get(attr);
        if (v !== undefined && accept(v)) ok = true;
      });
      return ok;
    };
  };

  const test = (t: TestSpec): ((ctx: XmlElement, run: Run) => boolean) =>
    t[0] === 'exists' ? anyValue(t[1], () => true) : anyValue(t[1], (v) => v === t[2]);

  const instr = (i: InstrSpec): Exec => {
    switch (i[0]) {
      case 'text': {
        const text = i[1];
        return (_ctx, run) => {
          run.out += text;
        };
      }
      case 'req': {
        const v = value(i[1]);
        return (ctx, run) => {
          const s = v(ctx, run);
          run.out += s === undefined ? '|' : `|${normalizeSpace(s)}`;
        };
      }
      case 'opt': {
        const v = value(i[1]);
        return (ctx, run) => {
          const s = v(ctx, run);
          if (s !== undefined) run.out += `|${normalizeSpace(s)}`;
        };
      }
      case 'apply': {
        const walk = walker(i[1]);
        return (ctx, run) => walk(ctx, run, apply);
      }
      case 'each': {
        const walk = walker(i[1]);
        const inner = body(i[2]);
        return (ctx, run) => walk(ctx, run, inner);
      }
      case 'if': {
        const cond = test(i[1]);
        const inner = body(i[2]);
        return (ctx, run) => {
          if (cond(ctx, run)) inner(ctx, run);
        };
      }
    }
  };

  const body = (instrs: InstrSpec[]): Exec => {
    const execs = instrs.map(instr);
    if (execs.length === 1) return execs[0];
    return (ctx, run) => {
      for (let k = 0; k < execs.length; k++) execs[k](ctx, run);
    };
  };

  for (const [sheet, index] of spec.templates) {
    const t = rules.stylesheets[sheet].templates[index];
    const exec = body(t.body);
    if (t.match === '/') {
      rootTemplate = exec;
      continue;
    }
    const { ns, local } = step(t.match);
    if (ns === undefined) throw new Error(`Patrón match inválido en las reglas derivadas: ${t.match}`);
    let byLocal = table.get(ns);
    if (!byLocal) table.set(ns, (byLocal = new Map()));
    byLocal.set(local, exec);
  }
  if (!rootTemplate) throw new Error(`Las reglas derivadas de ${spec.id} no tienen plantilla raíz`);
  const entry = rootTemplate;

  return {
    id: spec.id,
    run(root) {
      const doc: XmlElement = {
        name: DOCUMENT_NS,
        local: DOCUMENT_NS,
        ns: DOCUMENT_NS,
        attrs: new Map(),
        nsDecls: new Map(),
        children: [root],
      };
      const run: Run = { out: '', doc, unsupported: undefined };
      entry(doc, run);
      return { cadena: run.out, unsupported: run.unsupported ? [...run.unsupported] : [] };
    },
  };
}

function inDocumentOrder(ctx: XmlElement, nodes: XmlElement[]): XmlElement[] {
  const wanted = new Set(nodes);
  const ordered: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    for (const c of e.children) {
      if (!isElement(c)) continue;
      if (wanted.has(c)) ordered.push(c);
      walk(c);
    }
  };
  walk(ctx);
  return ordered;
}
