import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath, readFixtureText } from '../../test/fixtures';

const BIN = fileURLToPath(new URL('../../bin/cfdi.js', import.meta.url));
const cfdi = (name: string) => fixturePath('cfdi', name);
const cert = (...p: string[]) => fixturePath('certs', ...p);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI as a child process, exactly as a user would. */
function run(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

/** A refused input: exit code 2, nothing on stdout, exactly one Spanish line on stderr, no stack trace. */
function expectOneLineError(r: Run, text: string) {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.endsWith('\n')).toBe(true);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stderr).toContain(text);
}

let dir: string;
const tmp = (name: string, content: string | Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cfdi-cli-'));
  // The tests run the compiled CLI (what `npm ci` installs), rebuilt here so it matches the source.
  const build = spawnSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-cli.mjs', import.meta.url))], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build-cli falló: ${build.stderr}`);
});
afterAll(() => {
  // Temporary files are left to the OS tmp cleaner; nothing else to undo.
});

describe('cfdi cadena', () => {
  it.each([
    ['cfdi40-real.xml', 'cfdi40-real.cadena.txt'],
    ['cfdi33-real.xml', 'cfdi33-real.cadena.txt'],
    ['retenciones/retenciones20.xml', 'retenciones/retenciones20.cadena.txt'],
  ])('prints the exact cadena of %s without a trailing newline', async (xml, expected) => {
    const r = await run(['cadena', cfdi(xml)]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(readFixtureText('cfdi', expected));
  });

  it('prints the TFD cadena with --tfd, and reads standard input with "-"', async () => {
    const r = await run(['cadena', '--tfd', '-'], readFixtureText('cfdi', 'cfdi40-valid.xml'));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFixtureText('cfdi', 'cfdi40-valid.tfd-cadena.txt'));
  });

  it('refuses --tfd on a document without stamp', async () => {
    expectOneLineError(await run(['cadena', '--tfd', cfdi('created-with-discounts-40.xml')]), 'no está timbrado');
  });
});

describe('cfdi verify', () => {
  it('exits 0 with a Spanish report for a valid CFDI', async () => {
    const r = await run(['verify', cfdi('cfdi40-valid.xml')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Resultado: VÁLIDO');
    expect(r.stdout).toContain('[ OK ]  Sello');
  });

  it('exits 1 for a tampered CFDI; --json gives the structured result', async () => {
    const tampered = tmp('tampered.xml', readFixtureText('cfdi', 'cfdi40-valid.xml').replace(/ SubTotal="[^"]+"/, ' SubTotal="1.00"'));
    const r = await run(['verify', '--json', tampered]);
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout);
    expect(result.ok).toBe(false);
    expect(result.checks.find((c: { id: string }) => c.id === 'sello').status).toBe('fail');
  });

  it('uses extra PAC certificates given with --pac-cert', async () => {
    const r = await run(['verify', '--json', '--pac-cert', cert('other', '20001000000300022779.cer'), cfdi('cfdi33-valid.xml')]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).checks.find((c: { id: string }) => c.id === 'tfd-sello-sat').status).toBe('fail');
  });
});

describe('cfdi validate', () => {
  it('exits 0 for a valid 4.0 (warnings allowed)', async () => {
    const r = await run(['validate', cfdi('cfdi40-real.xml')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Sin problemas');
  });

  it('exits 1 and names the SAT code and field when a rule fails', async () => {
    const bad = tmp('bad-total.xml', readFixtureText('cfdi', 'cfdi40-real.xml').replace(/ Total="[^"]+"/, ' Total="1.00"'));
    const r = await run(['validate', '--json', bad]);
    expect(r.code).toBe(1);
    const { ok, issues } = JSON.parse(r.stdout);
    expect(ok).toBe(false);
    expect(issues).toContainEqual(expect.objectContaining({ field: 'Comprobante.Total', severity: 'error' }));
  });

  it('checks a Retenciones 2.0 with its own rules (the fixture declares MontoTotRet 0 for a 200.00 retention)', async () => {
    const r = await run(['validate', '--json', cfdi('retenciones/retenciones20.xml')]);
    const { ok, issues, note } = JSON.parse(r.stdout);
    expect(note).toContain('Retenciones 2.0');
    expect(ok).toBe(false);
    expect(issues.filter((i: { severity: string }) => i.severity === 'error')).toHaveLength(1);
    expect(r.code).toBe(1);
  });
});

describe('cfdi seal', () => {
  it('prints a sealed XML that verifies', async () => {
    const r = await run([
      'seal',
      cfdi('created-with-discounts-40.xml'),
      '--cer',
      cert('csd', 'EKU9003173C9.cer'),
      '--key',
      cert('csd', 'EKU9003173C9.key'),
      '--password',
      '12345678a',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const sealed = tmp('sealed.xml', r.stdout);
    const v = await run(['verify', '--json', sealed]);
    expect(JSON.parse(v.stdout).checks.find((c: { id: string }) => c.id === 'sello').status).toBe('ok');
    expect(v.code).toBe(0);
  });

  it('accepts a password file with a trailing newline and writes to -o', async () => {
    const out = path.join(dir, 'out.xml');
    const r = await run([
      'seal',
      cfdi('created-cfdi40-pago20-valid.xml'),
      '--cer',
      cert('csd', 'EKU9003173C9.cer.pem'),
      '--key',
      cert('csd', 'EKU9003173C9_password.key.pem'),
      '--password-file',
      tmp('pass.txt', '12345678a\n'),
      '-o',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toContain('NoCertificado="30001000000500003416"');
  });

  it('refuses a wrong password, an e.firma and missing options with one line', async () => {
    const base = ['seal', cfdi('created-with-discounts-40.xml'), '--cer', cert('csd', 'EKU9003173C9.cer'), '--key'];
    expectOneLineError(
      await run([...base, cert('csd', 'EKU9003173C9.key'), '--password', 'mala']),
      'La contraseña de la llave privada es incorrecta',
    );
    expectOneLineError(
      await run(['seal', cfdi('created-with-discounts-40.xml'), '--cer', cert('fiel', 'EKU9003173C9.cer'), '--key', cert('fiel', 'EKU9003173C9.key'), '--password', '12345678a']),
      'e.firma',
    );
    expectOneLineError(await run(['seal', cfdi('created-with-discounts-40.xml')]), 'Falta la opción --cer');
  });
});

describe('cfdi pdf', () => {
  it('writes a PDF file with -o', async () => {
    const out = path.join(dir, 'factura.pdf');
    const r = await run(['pdf', cfdi('cfdi40-real.xml'), '-o', out, '--plantilla', 'moderno']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const pdf = readFileSync(out);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
  });

  it('refuses a missing -o, an unknown template and a Retenciones document', async () => {
    expectOneLineError(await run(['pdf', cfdi('cfdi40-real.xml')]), 'Falta la opción -o');
    expectOneLineError(await run(['pdf', cfdi('cfdi40-real.xml'), '-o', path.join(dir, 'x.pdf'), '--plantilla', 'rara']), 'Plantilla desconocida');
    expectOneLineError(await run(['pdf', cfdi('retenciones/retenciones20.xml'), '-o', path.join(dir, 'r.pdf')]), 'Retenciones 2.0');
  });
});

describe('cfdi info', () => {
  it('describes a CSD and an e.firma', async () => {
    const r = await run(['info', cert('csd', 'EKU9003173C9.cer')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('NoCertificado:  30001000000500003416');
    expect(r.stdout).toContain('RFC:            EKU9003173C9');
    expect(r.stdout).toContain('Tipo:           CSD');
    expect(r.stdout).toMatch(/Estado: +(\d+ día\(s\) restantes|VENCIDO)/);
    const fiel = JSON.parse((await run(['info', '--json', cert('fiel', 'EKU9003173C9.cer.pem')])).stdout);
    expect(fiel.tipo).toBe('FIEL');
    expect(fiel.nombre).toBe('ESCUELA KEMPER URGATE SA DE CV');
  });

  it('refuses a file that is not a certificate', async () => {
    expectOneLineError(await run(['info', cert('csd', 'EKU9003173C9.key')]), 'no es un certificado X.509 válido');
  });
});

describe('many files or a folder in one process', () => {
  const real = ['cfdi40-real.xml', 'cfdi33-real.xml'];
  let folder: string;
  beforeAll(() => {
    folder = path.join(dir, 'lote');
    mkdirSync(path.join(folder, 'sub'), { recursive: true });
    writeFileSync(path.join(folder, 'a.xml'), readFixtureText('cfdi', real[0]));
    writeFileSync(path.join(folder, 'sub', 'b.xml'), readFixtureText('cfdi', real[1]));
    writeFileSync(path.join(folder, 'c-roto.xml'), '<cfdi:Comprobante');
    writeFileSync(path.join(folder, 'notas.txt'), 'no es XML');
  });

  it('cadena: one line per .xml below the folder (sorted, recursive), a broken file reported on stderr, exit 2', async () => {
    const r = await run(['cadena', folder]);
    expect(r.code).toBe(2);
    expect(r.stdout.split('\n')).toEqual([
      `${path.join(folder, 'a.xml')}\t${readFixtureText('cfdi', 'cfdi40-real.cadena.txt')}`,
      `${path.join(folder, 'sub', 'b.xml')}\t${readFixtureText('cfdi', 'cfdi33-real.cadena.txt')}`,
      '',
    ]);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`${path.join(folder, 'c-roto.xml')}: `);
    expect(r.stderr).toContain('no está bien formado');
  });

  it('cadena --json: one object per file, failures included, in the order given', async () => {
    const r = await run(['cadena', '--json', path.join(folder, 'c-roto.xml'), cfdi(real[0]), '/no/existe.xml']);
    expect(r.code).toBe(2);
    const objects = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(objects).toEqual([
      { file: path.join(folder, 'c-roto.xml'), ok: false, error: expect.stringContaining('no está bien formado') },
      { file: cfdi(real[0]), cadena: readFixtureText('cfdi', 'cfdi40-real.cadena.txt') },
      { file: '/no/existe.xml', ok: false, error: 'No existe el archivo XML: /no/existe.xml' },
    ]);
  });

  it('verify: a line per file with its verdict; exit 1 when one does not pass and none failed to read', async () => {
    const tampered = tmp('lote-alterado.xml', readFixtureText('cfdi', 'cfdi40-valid.xml').replace(/ SubTotal="[^"]+"/, ' SubTotal="1.00"'));
    const r = await run(['verify', cfdi('cfdi40-valid.xml'), tampered]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^${cfdi('cfdi40-valid.xml')}\t[0-9A-F-]{36}\tVÁLIDO`, 'i'));
    expect(lines[1]).toMatch(/\tNO VÁLIDO — falla: .*Sello/);
    const json = await run(['verify', '--json', cfdi('cfdi40-valid.xml'), tampered]);
    expect(json.stdout.trimEnd().split('\n').map((l) => JSON.parse(l).ok)).toEqual([true, false]);
  });

  it('validate: a line per file; --json gives {file, ok, issues}', async () => {
    const bad = tmp('lote-total.xml', readFixtureText('cfdi', 'cfdi40-real.xml').replace(/ Total="[^"]+"/, ' Total="1.00"'));
    const r = await run(['validate', cfdi('cfdi40-real.xml'), bad]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/\tSin (problemas|errores)/);
    expect(lines[1]).toMatch(/\t\d+ error\(es\), \d+ aviso\(s\); el primero: ERROR /);
    const json = await run(['validate', '--json', cfdi('cfdi40-real.xml'), bad]);
    const objects = json.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(objects.map((o) => [o.file, o.ok])).toEqual([[cfdi('cfdi40-real.xml'), true], [bad, false]]);
    expect(objects[1].issues).toContainEqual(expect.objectContaining({ field: 'Comprobante.Total', severity: 'error' }));
  }, 120_000); // two runs that each load the XSD validator: slow when the shared machine is busy

  it('refuses a folder without .xml files and standard input mixed with files', async () => {
    const empty = path.join(dir, 'vacia');
    mkdirSync(empty, { recursive: true });
    expectOneLineError(await run(['cadena', empty]), 'no tiene archivos .xml');
    expectOneLineError(await run(['cadena', '-', cfdi(real[0])]), 'solo se acepta como único archivo');
  });
});

describe('the compiled CLI', () => {
  it('does not load the PDF or XSD libraries to start (--help, cadena): they are in lazily imported chunks', () => {
    const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(path.join(dist, file), 'utf8');
      // Static imports only ("import ... from"), not import("...").
      for (const m of code.matchAll(/^import[^;]*?from\s*"([^"]+)"/gm)) {
        expect(m[1]).not.toMatch(/pdfmake|libxml2-wasm|qrcode/);
        if (m[1].startsWith('./')) visit(m[1].slice(2));
      }
    };
    visit('cli.js');
    expect(seen.size).toBeGreaterThan(0);
    expect(readFileSync(path.join(dist, 'cli.js'), 'utf8')).toMatch(/import\("\.\/chunk-/);
  });
});

describe('bad input and usage', () => {
  it('shows the Spanish help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Uso: cfdi <comando> [opciones]');
    expect(r.stdout).toContain('verify');
    const seal = await run(['seal', '--help']);
    expect(seal.stdout).toContain('--password-file');
  });

  it.each([
    ['no command', [], 'Falta el comando'],
    ['unknown command', ['firmar', 'x.xml'], 'Comando desconocido: "firmar"'],
    ['unknown option', ['verify', '--rapido', 'x.xml'], 'Opción desconocida'],
    ['missing file argument', ['verify'], 'Falta el archivo'],
    ['missing file', ['verify', '/no/existe.xml'], 'No existe el archivo XML: /no/existe.xml'],
    ['a directory where one file is expected', ['info', '/tmp'], 'es un directorio'],
  ])('%s → exit 2 and one line', async (_label, args, text) => {
    expectOneLineError(await run(args as string[]), text);
  });

  it('refuses XML that is not well-formed, has a DOCTYPE, or is not a CFDI', async () => {
    expectOneLineError(await run(['verify', tmp('broken.xml', '<cfdi:Comprobante xmlns:cfdi="x">')]), 'no está bien formado');
    const xxe = tmp('xxe.xml', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>');
    expectOneLineError(await run(['cadena', xxe]), 'DOCTYPE');
    const wrongNs = tmp('wrong-ns.xml', '<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/9" Version="4.0"/>');
    expectOneLineError(await run(['verify', wrongNs]), 'no es un CFDI');
    expectOneLineError(await run(['cadena', wrongNs]), 'no soportado');
  });

  it('refuses files over 10 MB before parsing them', async () => {
    const big = tmp('big.xml', Buffer.alloc(10 * 1024 * 1024 + 1, 0x20));
    expectOneLineError(await run(['verify', big]), 'pesa más de 10 MB');
  });
});
