/**
 * Avatar initials of an account, the same everywhere it shows (header and profile): the first letter of
 * the first two words of the name ("Esteban Kuri Sánchez" → "EK"), or the first two characters of the
 * RFC while there is no name.
 */
export function initialsOf(name: string | null | undefined, rfc: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (rfc ?? '').trim().slice(0, 2).toUpperCase() || '?';
}
