import { readCertificate } from '../../credentials/certificate';
import { certificateSummary } from '../../credentials/summary';
import type { CommandContext } from '../command';
import { readInputFile } from '../input';

const KIND_NAMES = { CSD: 'CSD (Certificado de Sello Digital)', FIEL: 'e.firma (FIEL)' } as const;
const fmt = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** `cfdi info`: loaded only when the command runs (see commands/info.ts). */
export function run({ positionals, values, io }: CommandContext) {
  const cert = readCertificate(readInputFile(positionals[0], 'certificado', 1024 * 1024));
  const now = new Date();
  const days = cert.daysToExpiry(now);
  if (values.json) {
    io.stdout(`${JSON.stringify(certificateSummary(cert, now), null, 2)}\n`);
    return 0;
  }
  const estado = now < cert.validFrom ? 'aún no vigente' : days < 0 ? `VENCIDO hace ${-days} día(s)` : `${days} día(s) restantes`;
  const lines = [
    `NoCertificado:  ${cert.noCertificado}`,
    `RFC:            ${cert.rfc || '(sin RFC: no es un certificado del SAT)'}`,
    ...(cert.representanteRfc ? [`Representante:  ${cert.representanteRfc}`] : []),
    ...(cert.curp ? [`CURP:           ${cert.curp}`] : []),
    `Nombre:         ${cert.nombre}`,
    ...(cert.sucursal ? [`Sucursal:       ${cert.sucursal}`] : []),
    `Tipo:           ${KIND_NAMES[cert.kind]}`,
    `Emitido por:    ${cert.issuer}`,
    `Vigencia:       ${fmt(cert.validFrom)} a ${fmt(cert.validTo)}`,
    `Estado:         ${estado}`,
  ];
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}
