/** Query parameters whose values never reach the logs (a token or code pasted in a link, a typed password). */
const SECRET_PARAMS = /^(token|access_token|jwt|code|codigo|password|ciec|key|secret|signature)$/i;
/**
 * Query parameters that carry a person's data or what a user typed (issue 25 §13): e-mail addresses and
 * search terms (a customer's name, an RFC, an amount) are redacted like tokens.
 */
const PRIVATE_PARAMS = /^(e-?mail|correo|to|search|searchQuery|q|query|buscar|busqueda|búsqueda|term|texto|nombre)$/i;
/** A value that holds an e-mail address, whatever its parameter's name. */
const EMAIL_VALUE = /[^\s@]+@[^\s@]+/;

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s; // a malformed part stays as typed
  }
};

/** `filters[search]` names `search` too (the legacy lists flatten nested query objects that way). */
const hidden = (name: string): boolean => {
  const parts = [name, ...[...name.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!), name.replace(/\[.*$/, '')];
  return parts.some((p) => SECRET_PARAMS.test(p) || PRIVATE_PARAMS.test(p));
};

/**
 * A request URL as the log may show it: the path, and the query with the values of secret and private
 * parameters replaced (and any value holding an e-mail address). The request log line carries `req.url`; a
 * token, an e-mail or a search term in a query string would otherwise be written verbatim.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 0) return pair;
    const name = pair.slice(0, eq);
    return hidden(decode(name)) || EMAIL_VALUE.test(decode(pair.slice(eq + 1))) ? `${name}=[Redacted]` : pair;
  });
  return `${url.slice(0, at)}?${query.join('&')}`;
}
