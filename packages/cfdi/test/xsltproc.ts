import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath } from './fixtures';

/** SAT's cadena stylesheet of each Anexo 24 file (1.3 folders, SAT kept the 1_2 file names), by the root's local name. */
export const CONTABILIDAD_XSLT: Record<string, string> = {
  Catalogo: 'CatalogoCuentas', Balanza: 'BalanzaComprobacion', Polizas: 'PolizasPeriodo', AuxiliarCtas: 'AuxiliarCtas', RepAuxFol: 'AuxiliarFolios',
};

export const contabilidadXsltPath = (root: string): string => {
  const dir = CONTABILIDAD_XSLT[root];
  if (!dir) throw new Error(`Sin hoja de estilo del SAT para ${root}`);
  return fixturePath('sat-xml', 'www.sat.gob.mx', 'esquemas', 'ContabilidadE', '1_3', dir, `${dir}_1_2.xslt`);
};

/**
 * Runs SAT's own stylesheet with xsltproc (libxslt, `--nonet`: the includes are the local copies) and returns the
 * cadena exactly as printed. Test support only. A missing xsltproc fails loudly: the check is the point of the test.
 */
export function xsltproc(xslt: string, xml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'xsltproc-'));
  try {
    const file = path.join(dir, 'in.xml');
    writeFileSync(file, xml, 'utf8');
    const r = spawnSync('xsltproc', ['--nonet', xslt, file], { maxBuffer: 512 * 1024 * 1024 });
    if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
      throw new Error('xsltproc no está instalado: `apt-get install -y xsltproc` (.ci/run lo instala). Esta prueba compara la cadena con la de la hoja de estilo del SAT.');
    }
    if (r.status !== 0) throw new Error(`xsltproc terminó con ${r.status}: ${r.stderr.toString()}`);
    return r.stdout.toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
