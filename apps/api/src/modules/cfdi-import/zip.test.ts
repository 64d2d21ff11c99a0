import { describe, expect, it } from 'vitest';
import { readZip, unsafeEntryName, ZipRefusedError } from './zip';
import { writeZip } from './zip-writer';

const refused = async (p: Promise<unknown>): Promise<string> => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ZipRefusedError);
    return (e as Error).message;
  }
  throw new Error('expected the archive to be refused');
};

describe('readZip', () => {
  it('reads files in nested folders and skips what accept() leaves out', async () => {
    const zip = writeZip([
      { name: '2026/', data: '' },
      { name: '2026/enero/a.xml', data: '<a/>' },
      { name: 'b.XML', data: '<b/>' },
      { name: 'notas.txt', data: 'hola' },
    ]);
    const { entries, skipped } = await readZip(zip, { accept: (n) => /\.xml$/i.test(n) });
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual([['2026/enero/a.xml', '<a/>'], ['b.XML', '<b/>']]);
    expect(skipped).toEqual(['notas.txt']);
  });

  it('refuses a parent-directory or absolute path in an entry name', async () => {
    expect(await refused(readZip(writeZip([{ name: 'ok.xml', data: '<a/>' }, { name: '../../etc/x.xml', data: '<a/>' }])))).toMatch(/ruta no permitida/);
    expect(unsafeEntryName('/etc/passwd')).toBe(true);
    expect(unsafeEntryName('C:\\x.xml')).toBe(true);
    expect(unsafeEntryName('a/..\\b.xml')).toBe(true);
    expect(unsafeEntryName('a/b..c.xml')).toBe(false);
  });

  it('refuses a bomb: an entry that compresses far beyond the allowed ratio', async () => {
    const zeros = Buffer.alloc(5 * 1024 * 1024);
    expect(await refused(readZip(writeZip([{ name: 'bomba.xml', data: zeros }])))).toMatch(/bomba ZIP/);
  });

  it('refuses an entry whose content inflates past its declared size', async () => {
    const zip = writeZip([{ name: 'miente.xml', data: 'x'.repeat(4000), declaredSize: 10 }]);
    expect(await refused(readZip(zip))).toMatch(/tamaño declarado/);
  });

  it('refuses too many entries and too many bytes as a whole', async () => {
    const many = writeZip(Array.from({ length: 4 }, (_, i) => ({ name: `${i}.xml`, data: '<a/>' })));
    expect(await refused(readZip(many, { limits: { maxEntries: 3 } }))).toMatch(/4 archivos; el máximo es 3/);
    const big = writeZip([{ name: 'a.xml', data: 'a'.repeat(2000) }, { name: 'b.xml', data: 'b'.repeat(2000) }]);
    expect(await refused(readZip(big, { limits: { maxTotalBytes: 3000 } }))).toMatch(/supera/);
    expect(await refused(readZip(big, { limits: { maxEntryBytes: 1000 } }))).toMatch(/máximo por archivo/);
  });

  it('refuses something that is not a ZIP', async () => {
    expect(await refused(readZip(Buffer.from('<cfdi:Comprobante/>')))).toMatch(/no es un ZIP|dañado/);
  });
});
