import type { Command } from '../command';

// Help and options only: the work (and its heavy imports) loads when the command runs.
export const infoCommand: Command = {
  name: 'info',
  summary: 'Describe un certificado (.cer): número, RFC, nombre, tipo y vigencia',
  help: `Uso: cfdi info CERTIFICADO.cer [--json]

Describe un certificado del SAT (DER o PEM): NoCertificado, RFC, nombre, tipo (CSD o e.firma),
vigencia y días restantes.`,
  options: { json: { type: 'boolean' } },
  positionals: 1,
  run: async (ctx) => (await import('../actions/info')).run(ctx),
};
