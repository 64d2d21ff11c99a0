import { cadenaOriginal, cadenaTfd } from '../../cadena';
import { documentLayout, findTfd } from '../../seal/document';
import type { Command } from '../command';
import { readXmlDocument } from '../document-input';
import { CliError } from '../errors';

export const cadenaCommand: Command = {
  name: 'cadena',
  summary: 'Imprime la cadena original (CFDI 4.0, 3.3, Retenciones 2.0; --tfd: la del timbre)',
  help: `Uso: cfdi cadena ARCHIVO.xml [--tfd]

Imprime la cadena original del comprobante exactamente como la genera el XSLT del SAT,
sin salto de línea final.

Opciones:
  --tfd     imprime la cadena original del complemento de certificación (TimbreFiscalDigital)`,
  options: { tfd: { type: 'boolean' } },
  positionals: 1,
  run({ positionals, values, io }) {
    const root = readXmlDocument(positionals[0]);
    if (values.tfd) {
      const tfd = findTfd(root, documentLayout(root));
      if (!tfd) throw new CliError('El comprobante no está timbrado: no tiene TimbreFiscalDigital');
      io.stdout(cadenaTfd(tfd));
    } else {
      io.stdout(cadenaOriginal(root));
    }
    return 0;
  },
};
