/** Spanish words too common in SAT descriptions to tell entries apart. */
const STOPWORDS = new Set([
  'a', 'al', 'con', 'de', 'del', 'e', 'el', 'en', 'la', 'las', 'lo', 'los', 'o', 'para', 'por', 'que', 'se', 'sin', 'su', 'sus', 'u', 'un', 'una', 'unas', 'unos', 'y',
]);

/** Lower case, accents and ñ folded to ASCII, everything but letters and digits turned into spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A light Spanish stemmer so that number and gender variants meet: "servicios"/"servicio" →
 * "servici", "contables"/"contable" → "contabl", "computadora"/"computadores" → "computador",
 * "meses"/"mes" → "mes". Words of three letters or fewer are kept as they are.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 3 && w.endsWith('s')) w = w.slice(0, -1);
  if (w.length > 3 && /[aeo]$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Folded, stop-word-free, stemmed tokens of a text, in order. */
export function tokenize(text: string): string[] {
  return tokenizeFolded(foldText(text));
}

/** `tokenize` for text already passed through `foldText` (saves folding twice when indexing). */
export function tokenizeFolded(folded: string): string[] {
  if (!folded) return [];
  return folded
    .split(' ')
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);
}
