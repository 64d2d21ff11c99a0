import type { Command } from '../command';

// Help and options only: the work (and its heavy imports) loads when the command runs.
export const pdfCommand: Command = {
  name: 'pdf',
  summary: 'Genera la representación impresa (PDF con código QR) de un CFDI',
  help: `Uso: cfdi pdf ARCHIVO.xml -o SALIDA.pdf [--plantilla clasico|moderno] [--logo LOGO.png] [--sin-validez]

Genera el PDF del comprobante (CFDI 4.0 o 3.3) con el código QR del SAT. Los comprobantes sin
timbrar o timbrados por el PAC de pruebas llevan la leyenda "SIN VALIDEZ FISCAL".

Opciones:
  -o, --output ARCHIVO   archivo PDF de salida (obligatorio)
  --plantilla NOMBRE     clasico (predeterminada) o moderno
  --logo ARCHIVO         logotipo del emisor (PNG o JPEG)
  --sin-validez          fuerza la leyenda "SIN VALIDEZ FISCAL"`,
  options: {
    output: { type: 'string', short: 'o' },
    plantilla: { type: 'string' },
    logo: { type: 'string' },
    'sin-validez': { type: 'boolean' },
  },
  positionals: 1,
  run: async (ctx) => (await import('../actions/pdf')).run(ctx),
};
