import type { Command } from '../command';

// Help and options only: the work (and its heavy imports) loads when the command runs.
export const validateCommand: Command = {
  name: 'validate',
  summary: 'Valida uno o varios CFDI 4.0 contra los XSD y las reglas del SAT antes de timbrar',
  help: `Uso: cfdi validate ARCHIVO.xml|CARPETA ... [--sin-sello] [--json]

Revisa la estructura (XSD del SAT) y las reglas del Anexo 20 y de Pagos 2.0 que se pueden
comprobar sin conexión (montos, impuestos, catálogos, RFC, régimen, uso del CFDI…).
Imprime un renglón por problema: severidad, código del SAT, campo y qué corregir.
Código de salida: 0 sin errores (puede haber avisos), 1 con errores.

Con varios archivos o una carpeta (todos sus .xml, con subcarpetas) imprime un renglón por
archivo (o un objeto JSON por archivo con --json). Un archivo con error se informa y se sigue
con los demás. Código de salida: 2 si alguno no se pudo leer, 1 si alguno tiene errores.

Opciones:
  --sin-sello   el comprobante aún no está sellado: no reportar Sello/Certificado faltantes
  --json        imprime los problemas como JSON`,
  options: { json: { type: 'boolean' }, 'sin-sello': { type: 'boolean' } },
  positionals: 'files',
  run: async (ctx) => (await import('../actions/validate')).run(ctx),
};
