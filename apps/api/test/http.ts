/** A JSON reply as the tests read it: the status and the parsed body (null when empty or not JSON). */
export interface ApiReply {
  status: number;
  // Tests assert on the shape they expect; typing every endpoint's reply here would only repeat the contract.
  body: any;
}

/** Sends one request to the test server with the caller's headers, JSON-encoding `body` when given. */
export async function callApi(
  baseUrl: string, headers: Record<string, string>, method: string, path: string, body?: unknown,
): Promise<ApiReply> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!text) return { status: res.status, body: null };
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: null };
  }
}
