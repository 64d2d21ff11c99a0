/** One PEM block: its label (e.g. "CERTIFICATE") and decoded bytes. */
export interface PemBlock {
  label: string;
  der: Buffer;
}

const PEM_RE = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** True when the bytes look like PEM text rather than DER. */
export function looksLikePem(input: Uint8Array | string): boolean {
  const head = typeof input === 'string' ? input.slice(0, 64) : Buffer.from(input.subarray(0, 64)).toString('latin1');
  return head.includes('-----BEGIN ');
}

/** Every PEM block in the text, in order (a bundle may hold a PUBLIC KEY before the CERTIFICATE). */
export function readPemBlocks(input: Uint8Array | string): PemBlock[] {
  const text = typeof input === 'string' ? input : Buffer.from(input).toString('latin1');
  const blocks: PemBlock[] = [];
  for (const m of text.matchAll(PEM_RE)) {
    // Encrypted legacy PEM has "Proc-Type:" headers; those keys are handed to node as text, not decoded here.
    const body = m[2].replace(/^[A-Za-z-]+:.*$/gm, '').replace(/\s+/g, '');
    blocks.push({ label: m[1], der: Buffer.from(body, 'base64') });
  }
  return blocks;
}

/** Wraps DER bytes as PEM text. */
export function toPem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
