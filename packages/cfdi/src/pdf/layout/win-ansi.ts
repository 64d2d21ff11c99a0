/**
 * The PDF uses the 14 standard fonts (no font files to ship), which only know WinAnsi
 * (windows-1252). pdfkit writes any other character as two garbage glyphs (☕ prints "&^U"),
 * so a received CFDI with Cyrillic, CJK or emoji in a Descripción would print something that is
 * not in the XML. Characters outside WinAnsi become their accent-free form when one exists
 * (ā → a, ﬁ → fi) and "?" otherwise: visibly incomplete rather than silently wrong.
 */

// The 27 characters windows-1252 puts in 0x80–0x9F.
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

const isWinAnsi = (ch: string): boolean => {
  const c = ch.codePointAt(0)!;
  return c === 0x09 || c === 0x0a || c === 0x0d || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || CP1252_EXTRA.has(ch);
};

function replacement(ch: string): string {
  const plain = ch.normalize('NFKD').replace(/\p{M}/gu, '');
  return plain !== '' && [...plain].every(isWinAnsi) ? plain : '?';
}

/** `text` with every character the standard PDF fonts cannot draw replaced (see module note). */
export function toWinAnsi(text: string): string {
  // Fast path: nearly every CFDI text is already Latin-1/WinAnsi.
  let clean = true;
  for (const ch of text) {
    if (!isWinAnsi(ch)) {
      clean = false;
      break;
    }
  }
  if (clean) return text;
  let out = '';
  for (const ch of text.replace(INVISIBLE, '')) out += isWinAnsi(ch) ? ch : replacement(ch);
  return out;
}

/**
 * Applies {@link toWinAnsi} to every string of a pdfmake content tree (text, table cells,
 * nested stacks). Other strings there (style names, data URLs of images) are ASCII and unchanged.
 */
export function winAnsiContent<T>(node: T): T {
  if (typeof node === 'string') return toWinAnsi(node) as T;
  if (Array.isArray(node)) return node.map((n) => winAnsiContent(n)) as T;
  if (node !== null && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = k === 'image' ? v : winAnsiContent(v);
    return out as T;
  }
  return node;
}
