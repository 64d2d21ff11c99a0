import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isElement, parseXml, type XmlElement } from '@facturo/cfdi/xml';

/**
 * What SAT would hold of the sandbox PAC's work: every CFDI it stamped, filed by RFC, side and month of its
 * Fecha (`<dir>/<RFC>/<emitidos|recibidos>/<YYYY-MM>/<UUID>.xml`). The sandbox PAC's store writes here as it
 * stamps (file-sandbox-store.ts), and the local SAT serves its downloads from here, so a download of the
 * account's issued CFDI brings back exactly what Facturo stamped for it.
 */
export interface SandboxArchive {
  /** Files one stamped CFDI (a Retenciones constancia or anything unreadable is left out: SAT's CFDI service has no such thing). */
  file(xml: string): void;
  /** UUID → XML of the account's CFDI on that side whose Fecha falls in [start, end] (local times, same format). */
  list(rfc: string, tipo: 'emitidos' | 'recibidos', start: string, end: string): Map<string, string>;
}

const child = (el: XmlElement, local: string) => el.children.filter(isElement).find((c) => c.local === local);

/** Emisor, receptor, Fecha and UUID of a stamped CFDI 3.3/4.0, or undefined. */
export function stampedFacts(xml: string): { emisor: string; receptor: string; fecha: string; uuid: string } | undefined {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch {
    return undefined;
  }
  if (root.local !== 'Comprobante') return undefined;
  const emisor = child(root, 'Emisor')?.attrs.get('Rfc') ?? child(root, 'Emisor')?.attrs.get('rfc');
  const receptor = child(root, 'Receptor')?.attrs.get('Rfc') ?? child(root, 'Receptor')?.attrs.get('rfc');
  const fecha = root.attrs.get('Fecha') ?? root.attrs.get('fecha');
  const complemento = child(root, 'Complemento');
  const tfd = complemento && child(complemento, 'TimbreFiscalDigital');
  const uuid = tfd?.attrs.get('UUID');
  if (!emisor || !receptor || !fecha || !uuid) return undefined;
  return { emisor: emisor.toUpperCase(), receptor: receptor.toUpperCase(), fecha: fecha.slice(0, 19), uuid: uuid.toUpperCase() };
}

const SAFE_RFC = /^[A-ZÑ&0-9]{12,13}$/;
const monthOf = (fecha: string) => fecha.slice(0, 7);

export function sandboxArchive(dir: string): SandboxArchive {
  const write = (rfc: string, tipo: string, facts: { fecha: string; uuid: string }, xml: string) => {
    if (!SAFE_RFC.test(rfc) || !/^[0-9A-F-]{36}$/.test(facts.uuid) || !/^\d{4}-\d{2}$/.test(monthOf(facts.fecha))) return;
    const folder = path.join(dir, rfc.replace('&', '_').replace('Ñ', 'N'), tipo, monthOf(facts.fecha));
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `${facts.uuid}.xml`);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, xml);
    renameSync(tmp, file);
  };
  return {
    file(xml) {
      const facts = stampedFacts(xml);
      if (!facts) return;
      write(facts.emisor, 'emitidos', facts, xml);
      write(facts.receptor, 'recibidos', facts, xml);
    },
    list(rfc, tipo, start, end) {
      const found = new Map<string, string>();
      const base = path.join(dir, rfc.replace('&', '_').replace('Ñ', 'N'), tipo);
      // Months the period touches (a month's request touches one; a custom period may touch several).
      for (let m = monthOf(start); m <= monthOf(end); m = nextMonth(m)) {
        let names: string[] = [];
        try {
          names = readdirSync(path.join(base, m)).filter((n) => n.endsWith('.xml'));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
        for (const name of names.sort()) {
          const xml = readFileSync(path.join(base, m, name), 'utf8');
          const facts = stampedFacts(xml);
          if (facts && facts.fecha >= start && facts.fecha <= end) found.set(facts.uuid, xml);
        }
      }
      return found;
    },
  };
}

function nextMonth(ym: string): string {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
