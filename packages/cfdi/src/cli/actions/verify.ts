import { readCertificate } from '../../credentials/certificate';
import type { Certificate } from '../../credentials/certificate';
import { formatVerification, verdictLine } from '../../verify/format';
import { verifyCfdi } from '../../verify/verify-cfdi';
import { runFiles } from '../batch';
import type { CommandContext } from '../command';
import { readXmlDocument } from '../document-input';
import { readInputFile } from '../input';

/** `cfdi verify`: loaded only when the command runs (see commands/verify.ts). */
export function run(ctx: CommandContext): number {
  const pacCertificates = new Map<string, Certificate>();
  for (const path of (ctx.values['pac-cert'] as string[] | undefined) ?? []) {
    const cert = readCertificate(readInputFile(path, 'certificado', 1024 * 1024));
    pacCertificates.set(cert.noCertificado, cert);
  }
  const json = ctx.values.json === true;
  return runFiles(ctx, {
    process: (file) => verifyCfdi(readXmlDocument(file), { pacCertificates }),
    exit: (result) => (result.ok ? 0 : 1),
    single: (result) => (json ? `${JSON.stringify(result, null, 2)}\n` : `${formatVerification(result)}\n`),
    line: (result) => `${result.uuid ?? 'sin timbrar'}\t${verdictLine(result)}`,
    object: (result) => result,
  });
}
