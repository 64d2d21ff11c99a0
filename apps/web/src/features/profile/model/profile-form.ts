import type { Profile, ProfileUpdateInput } from '@facturo/contract';

/** The whole PUT body from what the profile has now: each tab edits its part and sends all of it. */
export function toUpdateInput(p: Profile): ProfileUpdateInput {
  const a = p.address;
  return {
    fullName: p.fullName ?? '', regimen: p.regimen ?? '', cp: a.cp ?? '', estado: a.estado ?? '', municipio: a.municipio ?? '',
    timeZone: a.timeZone ?? 'America/Mexico_City', phone: p.phone ?? '', calle: a.calle ?? '', numExterior: a.numExterior ?? '',
    numInterior: a.numInterior ?? '', colonia: a.colonia ?? '', registroPatronal: p.registroPatronal ?? '',
  };
}

/** Days-to-expiry badge color: red once expired or within 30 days, yellow within 90, else teal. */
export function expiryColor(days: number | null): 'red' | 'yellow' | 'teal' | 'gray' {
  if (days === null) return 'gray';
  if (days <= 30) return 'red';
  return days <= 90 ? 'yellow' : 'teal';
}
