import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCsv, EfosListError, fechaPublicacion, localEfosList, parse69bCsv, SAMPLE_69B_CSV, satEfosList } from './efos-list';

let server: Server;
let base: string;
const sample = readFileSync(SAMPLE_69B_CSV);
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/Listado_Completo_69-B.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end(sample);
    else if (req.url === '/html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Página en mantenimiento</html>');
    else res.writeHead(503).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('SAT 69-B CSV', () => {
  it('reads the shipped sample (ISO-8859-1, two preamble lines, 20 columns) with every situación', async () => {
    expect(sample.includes(Buffer.from('Situación', 'utf8'))).toBe(false); // really latin1, as SAT writes it
    const list = await localEfosList().fetch();
    expect(list.map((e) => [e.rfc, e.situacion])).toEqual([
      ['EFO150312AB3', 'Definitivo'], ['MAQ180704KL6', 'Presunto'], ['SIM1611229T8', 'Desvirtuado'], ['DEV170425MN0', 'Sentencia favorable'], ['OPE190830XY6', 'Definitivo'],
    ]);
    const maq = list.find((e) => e.rfc === 'MAQ180704KL6')!;
    expect(maq).toMatchObject({ nombre: 'MAQUILADORA ÁGIL DEL NORTE, S.A. DE C.V.', fechaPresunto: '2026-10-16', fechaDefinitivo: null });
    expect(list.find((e) => e.rfc === 'OPE190830XY6')!.nombre).toBe('OPERADORA DE PERSONAL "EL ÉXITO", S.A. DE C.V.');
    expect(list.map(fechaPublicacion)).toEqual(['2025-08-22', '2026-10-16', '2024-09-20', '2025-02-14', '2025-09-12']);
  });

  it('reads a UTF-8 copy the same and refuses a file that is not the list', () => {
    const utf8 = decodeCsv(new TextEncoder().encode(decodeCsv(sample)));
    expect(parse69bCsv(utf8)).toHaveLength(5);
    expect(() => parse69bCsv('a,b,c\n1,2,3\n')).toThrow(EfosListError);
  });

  it('the real source downloads SAT\'s CSV over HTTP; errors keep the previous list', async () => {
    const list = await satEfosList({ url: `${base}/Listado_Completo_69-B.csv` }).fetch();
    expect(list).toHaveLength(5);
    await expect(satEfosList({ url: `${base}/caido` }).fetch()).rejects.toThrow(/HTTP 503/);
    await expect(satEfosList({ url: `${base}/html` }).fetch()).rejects.toThrow(EfosListError);
    await expect(satEfosList({ url: 'http://127.0.0.1:9/x.csv', timeoutMs: 2000 }).fetch()).rejects.toThrow(/No fue posible descargar/);
  });
});
