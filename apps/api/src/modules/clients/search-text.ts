/**
 * Folding for the list searches: lower case, accents and ñ folded, runs of spaces collapsed, so
 * "ÑANDÚ" finds "Nandu" and "nandú". Stored folded beside the row; the query term is folded the same way.
 */
export function foldSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards in the term taken literally. */
export function containsPattern(term: string): string {
  return `%${foldSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
