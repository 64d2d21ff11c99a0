import type { CheckId, CheckStatus, VerificationResult } from './verify-cfdi';

const TITLES: Record<CheckId, string> = {
  certificado: 'Certificado',
  'certificado-rfc': 'RFC del certificado',
  'certificado-vigencia': 'Vigencia del certificado',
  'certificado-tipo': 'Tipo de certificado',
  sello: 'Sello',
  complementos: 'Complementos',
  tfd: 'Timbre fiscal',
  'tfd-sello-cfd': 'SelloCFD del timbre',
  'tfd-sello-sat': 'SelloSAT del timbre',
};

const MARKS: Record<CheckStatus, string> = { ok: '[ OK ]', fail: '[FALLA]', unknown: '[ ?? ]' };

/** Human-readable Spanish report of a verification, one line per check and a verdict. */
export function formatVerification(result: VerificationResult): string {
  const lines: string[] = [];
  lines.push(`${result.label}${result.uuid ? ` — UUID ${result.uuid}` : ' — sin timbrar'}`);
  if (result.emisorRfc || result.noCertificado) {
    lines.push(`Emisor: ${result.emisorRfc ?? '(sin RFC)'} · NoCertificado: ${result.noCertificado ?? '(sin número)'}`);
  }
  lines.push('');
  for (const check of result.checks) {
    lines.push(`${MARKS[check.status].padEnd(8)}${TITLES[check.id]}: ${check.message}`);
  }
  lines.push('');
  lines.push(`Resultado: ${verdictLine(result)}`);
  return lines.join('\n');
}

/** The verdict in one line ("VÁLIDO — …", "NO VÁLIDO — falla: …"), also used by batch runs. */
export function verdictLine(result: VerificationResult): string {
  const failed = result.checks.filter((c) => c.status === 'fail').map((c) => TITLES[c.id]);
  if (result.ok) {
    const pending = result.checks.filter((c) => c.status === 'unknown').length;
    return pending
      ? `VÁLIDO — el sello y el certificado son correctos (${pending} verificación(es) no concluyente(s)).`
      : 'VÁLIDO — el sello, el certificado y el timbre son correctos.';
  }
  if (failed.length) return `NO VÁLIDO — falla: ${failed.join(', ')}.`;
  return 'NO CONCLUYENTE — no se pudo comprobar el sello del comprobante.';
}
