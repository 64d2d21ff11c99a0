import { PROFILE_SECTIONS } from '@facturo/contract';

export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/**
 * The tab a `/profile/{section}` URL opens (spec §9: tabs 0 to 4): a number 0-4 or the section's
 * name; anything else opens the first tab.
 */
export function sectionIndex(param: string | undefined): number {
  if (param === undefined) return 0;
  const n = Number(param);
  if (Number.isInteger(n) && n >= 0 && n < PROFILE_SECTIONS.length) return n;
  const byName = PROFILE_SECTIONS.indexOf(param as ProfileSection);
  return byName >= 0 ? byName : 0;
}

/** The drawers the profile opens (spec §2.7 side panels). */
export type ProfilePanel = 'password' | 'csd' | 'efirma' | 'ciec' | null;
