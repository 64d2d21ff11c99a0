import type { Command } from '../command';

// Help and options only: the work (and its heavy imports) loads when the command runs.
export const cadenaCommand: Command = {
  name: 'cadena',
  summary: 'Imprime la cadena original (CFDI 4.0, 3.3, Retenciones 2.0; --tfd: la del timbre)',
  help: `Uso: cfdi cadena ARCHIVO.xml|CARPETA ... [--tfd] [--json]

Imprime la cadena original del comprobante exactamente como la genera el XSLT del SAT,
sin salto de línea final.

Con varios archivos o una carpeta (se leen todos los .xml de la carpeta y sus subcarpetas)
imprime un renglón por archivo: ARCHIVO, un tabulador y la cadena. Un archivo con error se
informa en la salida de errores y se sigue con los demás; el código de salida es 2 si alguno falló.

Opciones:
  --tfd     imprime la cadena original del complemento de certificación (TimbreFiscalDigital)
  --json    un objeto JSON por archivo: {"file", "cadena"} o {"file", "ok": false, "error"}`,
  options: { tfd: { type: 'boolean' }, json: { type: 'boolean' } },
  positionals: 'files',
  run: async (ctx) => (await import('../actions/cadena')).run(ctx),
};
