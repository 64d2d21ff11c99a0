import type { PacPort } from '@facturo/cfdi';

/**
 * Test API keys (decision 307): their documents are stamped and cancelled by the sandbox PAC — chosen per call,
 * whatever PAC the process uses — spend no stamp, and are stored marked `test` (never counted).
 */

/** Who asks for a stamp: the account, and the API key when the request came with one. */
export interface StampAccount {
  id: number;
  rfc: string;
  apiKey?: { modo: 'test' | 'live' };
}

/** A request made with a test API key. */
export const isTestRequest = (account: { apiKey?: { modo: 'test' | 'live' } }): boolean => account.apiKey?.modo === 'test';

/** The PAC a document goes to: a test document always to the sandbox, never to a real PAC. */
export const pacFor = (deps: { pac: PacPort; sandboxPac?: PacPort }, test: boolean): PacPort => (test ? deps.sandboxPac ?? deps.pac : deps.pac);
