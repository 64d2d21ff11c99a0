import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import { parseXml } from '../../xml/parse';
import { isElement, type XmlElement } from '../../xml/types';
import type { DerivedRules, InstrSpec, RuleSetId, RuleSetSpec, StylesheetSpec, TemplateSpec } from '../rules-types';
import { XsltNotUnderstoodError } from './errors';
import { parseMatch, parsePath, parseTest, XPathNotSupported, type PrefixResolver } from './xpath-subset';
import { CANONICAL_NAMED_TEMPLATES, signature } from './named-templates';

const XSL = 'http://www.w3.org/1999/XSL/Transform';

/** Reads a stylesheet by its path relative to the SAT XML root. */
export type StylesheetReader = (relPath: string) => Uint8Array | string;

/** An entry stylesheet to derive: e.g. { id: 'cfdi40', path: 'www.sat.gob.mx/.../cadenaoriginal_4_0.xslt' }. */
export interface RuleSetEntry {
  id: RuleSetId;
  path: string;
}

/** Result of {@link deriveCadenaRules}: the rules plus human-readable notes (overridden templates). */
export interface DerivedRulesResult {
  rules: DerivedRules;
  notes: string[];
}

type Scope = Map<string, string>;

interface Context {
  file: string;
  where: string[];
}

/**
 * Translates SAT's cadena-original stylesheets into {@link DerivedRules}.
 *
 * Only the constructs SAT uses are accepted (see docs/cadena-original.md); anything else
 * throws {@link XsltNotUnderstoodError} so a new SAT stylesheet can never silently produce a
 * different cadena. Template conflicts follow XSLT: among equal-precedence rules the one
 * defined last (after inlining xsl:include) wins, as xsltproc does.
 */
export function deriveCadenaRules(entries: RuleSetEntry[], read: StylesheetReader): DerivedRulesResult {
  const namespaces: string[] = [];
  const nsIndex = new Map<string, number>();
  const internNs = (uri: string): number => {
    let i = nsIndex.get(uri);
    if (i === undefined) {
      i = namespaces.length;
      namespaces.push(uri);
      nsIndex.set(uri, i);
    }
    return i;
  };
  const sources = new Map<string, string>();
  const stylesheets: StylesheetSpec[] = [];
  const sheetIndex = new Map<string, number>();
  /** Per stylesheet: its top-level items in order (own templates and includes). */
  const sheetItems = new Map<string, Array<{ include: string } | { template: number } | { named: [string, string] }>>();
  const notes: string[] = [];

  const fail = (ctx: Context, detail: string): never => {
    throw new XsltNotUnderstoodError(ctx.file, ctx.where.join(' > ') || '(raíz)', detail);
  };

  const load = (relPath: string): void => {
    if (sheetItems.has(relPath)) return;
    const bytes = read(relPath);
    sources.set(relPath, createHash('sha256').update(bytes).digest('hex'));
    const root = parseXml(bytes);
    const ctx: Context = { file: relPath, where: [] };
    if (root.ns !== XSL || (root.local !== 'stylesheet' && root.local !== 'transform')) fail(ctx, 'la raíz no es xsl:stylesheet');
    const scope = extendScope(new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]), root);
    const spec: StylesheetSpec = { path: relPath, templates: [] };
    sheetIndex.set(relPath, stylesheets.length);
    stylesheets.push(spec);
    const items: Array<{ include: string } | { template: number } | { named: [string, string] }> = [];
    sheetItems.set(relPath, items);

    for (const node of root.children) {
      if (!isElement(node)) fail(ctx, `texto no permitido en el nivel superior: ${JSON.stringify(node.text)}`);
      const top = node as XmlElement;
      const topCtx: Context = { file: relPath, where: [describe(top)] };
      if (top.ns !== XSL) fail(topCtx, 'elemento de nivel superior ajeno a XSLT');
      const s = extendScope(scope, top);
      switch (top.local) {
        case 'include': {
          onlyAttrs(top, ['href'], topCtx, fail);
          const href = top.attrs.get('href') ?? fail(topCtx, 'xsl:include sin href');
          if (/^[a-z]+:/i.test(href)) fail(topCtx, `href absoluto no soportado (${href}); use rutas relativas`);
          const target = path.normalize(path.join(path.dirname(relPath), href));
          items.push({ include: target });
          load(target);
          break;
        }
        case 'output': {
          onlyAttrs(top, ['method', 'version', 'encoding', 'indent'], topCtx, fail);
          if (top.attrs.get('method') !== 'text') fail(topCtx, 'xsl:output debe ser method="text"');
          const enc = top.attrs.get('encoding');
          if (enc && enc.toUpperCase() !== 'UTF-8') fail(topCtx, `codificación de salida no soportada: ${enc}`);
          break;
        }
        case 'template': {
          const match = top.attrs.get('match');
          const name = top.attrs.get('name');
          if (name !== undefined && match === undefined) {
            onlyAttrs(top, ['name'], topCtx, fail);
            items.push({ named: [name, signature(top)] });
            break;
          }
          onlyAttrs(top, ['match'], topCtx, fail);
          const resolve = resolver(s, topCtx, fail, internNs);
          let matchKey = '';
          try {
            matchKey = parseMatch(match ?? '', resolve);
          } catch (e) {
            rethrow(e, topCtx, fail);
          }
          const template: TemplateSpec = { match: matchKey, body: compileBody(top, s, topCtx) };
          items.push({ template: spec.templates.length });
          spec.templates.push(template);
          break;
        }
        default:
          fail(topCtx, `elemento xsl:${top.local} no soportado`);
      }
    }
  };

  const compileBody = (parent: XmlElement, scope: Scope, ctx: Context): InstrSpec[] => {
    const body: InstrSpec[] = [];
    for (const node of parent.children) {
      if (!isElement(node)) {
        body.push(['text', node.text]);
        continue;
      }
      const c: Context = { file: ctx.file, where: [...ctx.where, describe(node)] };
      if (node.ns !== XSL) fail(c, 'elementos literales de resultado no soportados');
      const s = extendScope(scope, node);
      const resolve = resolver(s, c, fail, internNs);
      try {
        switch (node.local) {
          case 'call-template': {
            onlyAttrs(node, ['name'], c, fail);
            const name = node.attrs.get('name');
            if (name !== 'Requerido' && name !== 'Opcional') fail(c, `call-template "${name}" no soportado`);
            const params = node.children.filter(isElement);
            if (params.length !== 1 || node.children.length !== 1) fail(c, 'se espera exactamente un xsl:with-param');
            const p = params[0];
            if (p.ns !== XSL || p.local !== 'with-param' || p.attrs.get('name') !== 'valor' || p.children.length > 0)
              fail(c, 'se espera <xsl:with-param name="valor" select="..."/>');
            onlyAttrs(p, ['name', 'select'], c, fail);
            const path_ = parsePath(p.attrs.get('select') ?? fail(c, 'with-param sin select'), resolver(extendScope(s, p), c, fail, internNs));
            body.push([name === 'Requerido' ? 'req' : 'opt', path_]);
            break;
          }
          case 'apply-templates': {
            onlyAttrs(node, ['select'], c, fail);
            if (node.children.length > 0) fail(c, 'apply-templates con hijos (sort/with-param) no soportado');
            const p = parsePath(node.attrs.get('select') ?? fail(c, 'apply-templates sin select'), resolve);
            if (p[p.length - 1].startsWith('@')) fail(c, 'apply-templates sobre atributos no soportado');
            body.push(['apply', p]);
            break;
          }
          case 'for-each': {
            onlyAttrs(node, ['select'], c, fail);
            const p = parsePath(node.attrs.get('select') ?? fail(c, 'for-each sin select'), resolve);
            if (p[p.length - 1].startsWith('@')) fail(c, 'for-each sobre atributos no soportado');
            body.push(['each', p, compileBody(node, s, c)]);
            break;
          }
          case 'if': {
            onlyAttrs(node, ['test'], c, fail);
            body.push(['if', parseTest(node.attrs.get('test') ?? fail(c, 'xsl:if sin test'), resolve), compileBody(node, s, c)]);
            break;
          }
          default:
            fail(c, `instrucción xsl:${node.local} no soportada dentro de una plantilla`);
        }
      } catch (e) {
        rethrow(e, c, fail);
      }
    }
    return body;
  };

  const ruleSets: RuleSetSpec[] = entries.map((entry) => {
    load(entry.path);
    const effective = new Map<string, [number, number]>();
    const named = new Map<string, { sig: string; file: string }>();
    const visit = (file: string, stack: string[]): void => {
      if (stack.includes(file)) throw new XsltNotUnderstoodError(file, 'xsl:include', `inclusión circular: ${[...stack, file].join(' → ')}`);
      const sheet = sheetIndex.get(file)!;
      for (const item of sheetItems.get(file)!) {
        if ('include' in item) visit(item.include, [...stack, file]);
        else if ('named' in item) named.set(item.named[0], { sig: item.named[1], file });
        else {
          const key = stylesheets[sheet].templates[item.template].match;
          const previous = effective.get(key);
          if (previous) {
            notes.push(`${entry.id}: la plantilla match="${key}" de ${stylesheets[previous[0]].path} queda sustituida por la de ${file} (gana la última, como en xsltproc)`);
          }
          effective.delete(key); // re-insert so table order follows definition order
          effective.set(key, [sheet, item.template]);
        }
      }
    };
    visit(entry.path, []);
    for (const [name, expected] of Object.entries(CANONICAL_NAMED_TEMPLATES)) {
      const def = named.get(name);
      if (!def) throw new XsltNotUnderstoodError(entry.path, `xsl:template name="${name}"`, 'plantilla con nombre no definida');
      if (def.sig !== expected)
        throw new XsltNotUnderstoodError(def.file, `xsl:template name="${name}"`, `definición distinta de la conocida:\n  ${def.sig}\n  esperada: ${expected}`);
    }
    for (const name of named.keys()) {
      if (!(name in CANONICAL_NAMED_TEMPLATES)) throw new XsltNotUnderstoodError(named.get(name)!.file, `xsl:template name="${name}"`, 'plantilla con nombre desconocida');
    }
    if (!effective.has('/')) throw new XsltNotUnderstoodError(entry.path, 'xsl:template match="/"', 'falta la plantilla raíz');
    return { id: entry.id, entry: entry.path, templates: [...effective.values()] };
  });

  return {
    rules: { sources: [...sources.entries()].sort(([a], [b]) => a.localeCompare(b)), namespaces, stylesheets, ruleSets },
    notes,
  };
}

function describe(e: XmlElement): string {
  const key = e.attrs.get('match') ?? e.attrs.get('name') ?? e.attrs.get('select') ?? e.attrs.get('test') ?? e.attrs.get('href');
  return key === undefined ? e.name : `${e.name}[${key}]`;
}

function extendScope(scope: Scope, e: XmlElement): Scope {
  if (e.nsDecls.size === 0) return scope;
  const s = new Map(scope);
  for (const [p, uri] of e.nsDecls) s.set(p, uri);
  return s;
}

function resolver(scope: Scope, ctx: Context, fail: (c: Context, d: string) => never, intern: (uri: string) => number): PrefixResolver {
  return (prefix) => {
    if (prefix === '') return intern('');
    const uri = scope.get(prefix);
    return uri === undefined ? fail(ctx, `prefijo "${prefix}" no declarado`) : intern(uri);
  };
}

function onlyAttrs(e: XmlElement, allowed: string[], ctx: Context, fail: (c: Context, d: string) => never): void {
  for (const name of e.attrs.keys()) if (!allowed.includes(name)) fail(ctx, `atributo "${name}" no soportado en ${e.name}`);
}

function rethrow(e: unknown, ctx: Context, fail: (c: Context, d: string) => never): never {
  if (e instanceof XPathNotSupported) fail(ctx, e.message);
  throw e;
}
