/** Query parameters whose values never reach the logs (a token or code pasted in a link, a typed password). */
const SECRET_PARAMS = /^(token|access_token|jwt|code|codigo|password|ciec|key|secret|signature)$/i;

/**
 * A request URL as the log may show it: the path, and the query with the values of secret parameters
 * replaced. The request log line carries `req.url`; a token in a query string would otherwise be written verbatim.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // a malformed name stays as typed
    }
    return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=[Redacted]` : pair;
  });
  return `${url.slice(0, at)}?${query.join('&')}`;
}
