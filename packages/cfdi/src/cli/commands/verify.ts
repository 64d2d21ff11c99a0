import type { Command } from '../command';

// Help and options only: the work (and its heavy imports) loads when the command runs.
export const verifyCommand: Command = {
  name: 'verify',
  summary: 'Verifica el sello, el certificado y el timbre de uno o varios CFDI recibidos',
  help: `Uso: cfdi verify ARCHIVO.xml|CARPETA ... [--pac-cert CERT.cer ...] [--json]

Verifica el sello del comprobante con su certificado, que el certificado corresponda al
NoCertificado, al RFC del emisor y a la fecha, y el timbre fiscal (SelloCFD y SelloSAT).
Código de salida: 0 si el sello y el certificado son correctos y nada falla; 1 si no.

Con varios archivos o una carpeta (todos sus .xml, con subcarpetas) imprime un renglón por
archivo con el resultado (o un objeto JSON por archivo con --json). Un archivo con error se informa
y se sigue con los demás. Código de salida: 2 si alguno no se pudo leer, 1 si alguno no es válido.

Opciones:
  --pac-cert ARCHIVO   certificado adicional del SAT/PAC para verificar el SelloSAT (repetible)
  --json               imprime el resultado como JSON`,
  options: { json: { type: 'boolean' }, 'pac-cert': { type: 'string', multiple: true } },
  positionals: 'files',
  run: async (ctx) => (await import('../actions/verify')).run(ctx),
};
