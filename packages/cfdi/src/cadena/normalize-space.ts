const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const XML_WHITESPACE_RUN = /[ \t\r\n]+/g;

/**
 * XPath 1.0 normalize-space(): trims and collapses runs of #x20, #x9, #xD, #xA into one
 * space. Other Unicode spaces (NBSP, U+2003…) are not XML whitespace and stay, as in
 * xsltproc. Most values need no change, so scan first and allocate only when required.
 */
export function normalizeSpace(s: string): string {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === TAB || c === LF || c === CR) return collapse(s);
    if (c === SPACE && (i === 0 || i === n - 1 || s.charCodeAt(i - 1) === SPACE)) return collapse(s);
  }
  return s;
}

// Not String#trim(): it would also strip NBSP and other non-XML spaces.
function collapse(s: string): string {
  const t = s.replace(XML_WHITESPACE_RUN, ' ');
  const start = t.charCodeAt(0) === SPACE ? 1 : 0;
  const end = t.length > start && t.charCodeAt(t.length - 1) === SPACE ? t.length - 1 : t.length;
  return t.slice(start, end);
}
