/**
 * Sealing and verification throughput on one core.
 *   npx tsx bench/seal.bench.ts
 * Prints figures only (no assertions). Reads the SAT test CSD and a real CFDI from fixtures/ (bench only).
 */
import { sign as cryptoSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cadenaOriginal } from '../packages/cfdi/src/cadena';
import { loadCredential, readCertificate } from '../packages/cfdi/src/credentials';
import { buildCfdi40 } from '../packages/cfdi/src/model/build-cfdi40';
import type { Cfdi40Input } from '../packages/cfdi/src/model/build-cfdi40';
import { sealCfdi } from '../packages/cfdi/src/seal';
import { verifyCfdi } from '../packages/cfdi/src/verify';
import { parseXml, writeXml } from '../packages/cfdi/src/xml';
import { fixturePath } from '../packages/cfdi/test/fixtures';
import { TEST_EMISOR, TEST_RECEPTOR } from '../packages/cfdi/test/cfdi-inputs';

const NOW = new Date('2025-06-01T12:00:00Z');
const credential = loadCredential(
  {
    cer: readFileSync(fixturePath('certs', 'csd', 'EKU9003173C9.cer')),
    key: readFileSync(fixturePath('certs', 'csd', 'EKU9003173C9.key')),
    password: '12345678a',
  },
  { purpose: 'sello', now: NOW },
);

/** A realistic 10-concept Ingreso: IVA 16 % on every line, IVA and ISR withheld on some, one discount. */
function input(i: number): Cfdi40Input {
  return {
    tipoDeComprobante: 'I',
    serie: 'A',
    folio: String(i),
    fecha: '2025-05-30T10:15:00',
    formaPago: '03',
    metodoPago: 'PUE',
    lugarExpedicion: '42501',
    emisor: TEST_EMISOR,
    receptor: TEST_RECEPTOR,
    conceptos: Array.from({ length: 10 }, (_, n) => ({
      claveProdServ: '84111506',
      noIdentificacion: `SKU-${n}`,
      cantidad: String(n + 1),
      claveUnidad: 'E48',
      unidad: 'Servicio',
      descripcion: `Servicio de facturación número ${n + 1} con acentos y Ñ`,
      valorUnitario: `${100 + n * 37}.${String(n * 7).padStart(2, '0')}`,
      descuento: n === 3 ? '10.00' : undefined,
      objetoImp: '02',
      traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }],
      retenciones:
        n % 3 === 0
          ? [
              { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106667' },
              { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.100000' },
            ]
          : [],
    })),
  } as Cfdi40Input;
}

/**
 * Operations per CPU-second of this process over one window of about `ms` wall milliseconds.
 * CPU time (user + system) rather than wall time: on a shared machine the wall clock also counts
 * the time other processes hold the core.
 */
function window(fn: (i: number) => unknown, ms: number, offset: number): number {
  let n = 0;
  const wallStart = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  const limit = BigInt(ms) * 1_000_000n;
  while (process.hrtime.bigint() - wallStart < limit) {
    for (let k = 0; k < 20; k++) fn(offset + n++);
  }
  const cpu = process.cpuUsage(cpuStart);
  return n / ((cpu.user + cpu.system) / 1e6);
}

/**
 * The machine is shared, so each case runs in several short windows interleaved with the other
 * cases and keeps its best window: load spikes then hit every case alike instead of skewing a ratio.
 */
function measure(cases: Record<string, (i: number) => unknown>, rounds = 6, ms = 300): Record<string, number> {
  const best: Record<string, number> = {};
  for (const [name, fn] of Object.entries(cases)) {
    for (let i = 0; i < 100; i++) fn(i);
    best[name] = 0;
  }
  for (let r = 0; r < rounds; r++) {
    for (const [name, fn] of Object.entries(cases)) best[name] = Math.max(best[name], window(fn, ms, r * 1_000_000));
  }
  return best;
}

const fmt = (x: number) => Math.round(x).toLocaleString('es-MX').padStart(9);
const us = (opsPerSec: number) => `${(1e6 / opsPerSec).toFixed(1).padStart(7)} µs`;
const line = (label: string, ops: number) => console.log(`${label.padEnd(48)}${fmt(ops)} /s ${us(ops)}`);

console.log(`Node ${process.version}, un solo hilo. RSA-2048 (CSD de pruebas del SAT).`);
console.log('Cifras por segundo de CPU del proceso (no de reloj), mejor ventana de 6 intercaladas.\n');

const sample = buildCfdi40(input(0)).root;
const sampleCadena = cadenaOriginal(sealCfdi(buildCfdi40(input(0)).root, credential, { now: NOW }));
console.log(`Documento: 4.0 de 10 conceptos, cadena de ${Buffer.byteLength(sampleCadena)} bytes, XML de ${Buffer.byteLength(writeXml(sample))} bytes\n`);

const built = buildCfdi40(input(1)).root;
const m = measure({
  bare: () => cryptoSign('sha256', Buffer.from(sampleCadena), credential.privateKey),
  build: (i) => buildCfdi40(input(i)),
  cadena: () => cadenaOriginal(built),
  sealOnly: () => sealCfdi(built, credential, { now: NOW }),
  full: (i) => sealCfdi(buildCfdi40(input(i)).root, credential, { now: NOW }),
  fullXml: (i) => writeXml(sealCfdi(buildCfdi40(input(i)).root, credential, { now: NOW })),
});
const { bare, build, cadena, sealOnly, full, fullXml } = m;

line('crypto.sign sha256 RSA-2048 (referencia)', bare);
line('buildCfdi40 (10 conceptos)', build);
line('cadenaOriginal', cadena);
line('sealCfdi (cadena + firma) de un árbol ya armado', sealOnly);
line('build + cadena + sello', full);
line('build + cadena + sello + writeXml', fullXml);
console.log(`\nsealCfdi: ${(bare / sealOnly).toFixed(2)}× el costo de la firma RSA sola`);
console.log(`build + cadena + sello: ${(bare / full).toFixed(2)}× el costo de la firma RSA sola (meta ≤ 2×, ≥ 2,000/s)\n`);

const received = readFileSync(fixturePath('cfdi', 'cfdi40-real.xml'));
const receivedText = received.toString('utf8');
const verifyTree = parseXml(received);
const certB64 = /\sCertificado="([^"]+)"/.exec(receivedText)![1];
const v = measure({
  parse: () => parseXml(received),
  verifyOnly: () => verifyCfdi(verifyTree),
  verify: () => verifyCfdi(received),
  certParse: () => readCertificate(certB64),
});
const { parse, verifyOnly, verify, certParse } = v;
line('parseXml de un CFDI recibido (cfdi40-real)', parse);
line('verifyCfdi sobre el árbol (sello + SelloSAT)', verifyOnly);
line('parseXml + verifyCfdi (meta ≥ 3,000/s)', verify);
line('readCertificate (sin caché, por referencia)', certParse);
