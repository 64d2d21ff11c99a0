import type { Command } from '../command';

// Help and options only: the work (and its heavy imports) loads when the command runs.
export const sealCommand: Command = {
  name: 'seal',
  summary: 'Sella un CFDI 4.0/3.3 o Retenciones 2.0 con un CSD e imprime el XML sellado',
  help: `Uso: cfdi seal ARCHIVO.xml --cer CSD.cer --key CSD.key (--password CLAVE | --password-file ARCHIVO) [-o SALIDA.xml]

Escribe NoCertificado y Certificado, calcula la cadena original y el Sello (RSA-SHA256).
La contraseña también puede venir de la variable de entorno CFDI_KEY_PASSWORD.
Con --password-file se quita un único salto de línea final del archivo.

Opciones:
  --cer ARCHIVO            certificado de sello digital (.cer, DER o PEM)
  --key ARCHIVO            llave privada (.key, PKCS#8 DER cifrada o PEM)
  --password CLAVE         contraseña de la llave privada
  --password-file ARCHIVO  archivo con la contraseña
  -o, --output ARCHIVO     escribe el XML sellado en ARCHIVO en lugar de la salida estándar`,
  options: {
    cer: { type: 'string' },
    key: { type: 'string' },
    password: { type: 'string' },
    'password-file': { type: 'string' },
    output: { type: 'string', short: 'o' },
  },
  positionals: 1,
  run: async (ctx) => (await import('../actions/seal')).run(ctx),
};
