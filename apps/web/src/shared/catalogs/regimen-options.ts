import { personaFromRfc, type Persona } from '@facturo/contract';

interface RegimenItem {
  clave: string;
  descripcion: string;
  fisica: boolean;
  moral: boolean;
}

/** Régimen options for the RFC's persona (13 chars física, 12 moral), as Select data. */
export function regimenOptionsFor(rfc: string, regimen: RegimenItem[]): { value: string; label: string }[] {
  const persona: Persona = personaFromRfc(rfc);
  return regimen
    .filter((r) => (persona === 'fisica' ? r.fisica : r.moral))
    .map((r) => ({ value: r.clave, label: `${r.clave} - ${r.descripcion}` }));
}
