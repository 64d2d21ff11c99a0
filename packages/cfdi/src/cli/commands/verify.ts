import { readCertificate } from '../../credentials/certificate';
import type { Certificate } from '../../credentials/certificate';
import { formatVerification } from '../../verify/format';
import { verifyCfdi } from '../../verify/verify-cfdi';
import type { Command } from '../command';
import { readXmlDocument } from '../document-input';
import { readInputFile } from '../input';

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'Verifica el sello, el certificado y el timbre de un CFDI recibido',
  help: `Uso: cfdi verify ARCHIVO.xml [--pac-cert CERT.cer ...] [--json]

Verifica el sello del comprobante con su certificado, que el certificado corresponda al
NoCertificado, al RFC del emisor y a la fecha, y el timbre fiscal (SelloCFD y SelloSAT).
Código de salida: 0 si el sello y el certificado son correctos y nada falla; 1 si no.

Opciones:
  --pac-cert ARCHIVO   certificado adicional del SAT/PAC para verificar el SelloSAT (repetible)
  --json               imprime el resultado como JSON`,
  options: { json: { type: 'boolean' }, 'pac-cert': { type: 'string', multiple: true } },
  positionals: 1,
  run({ positionals, values, io }) {
    const pacCertificates = new Map<string, Certificate>();
    for (const path of (values['pac-cert'] as string[] | undefined) ?? []) {
      const cert = readCertificate(readInputFile(path, 'certificado', 1024 * 1024));
      pacCertificates.set(cert.noCertificado, cert);
    }
    const result = verifyCfdi(readXmlDocument(positionals[0]), { pacCertificates });
    io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatVerification(result)}\n`);
    return result.ok ? 0 : 1;
  },
};
