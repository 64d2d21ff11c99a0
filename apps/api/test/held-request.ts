import net from 'node:net';

/**
 * A JSON POST whose body is announced but not all sent: the process has counted it (onRequest ran) and the
 * handler waits for the rest, so it is "in flight" for certain, whatever the machine's speed, until
 * `finish()` sends the rest and returns the raw HTTP answer.
 */
export async function heldRequest(baseUrl: string, path: string, body: string, headers: Record<string, string> = {}): Promise<{ finish(): Promise<string> }> {
  const socket = net.connect(Number(new URL(baseUrl).port), '127.0.0.1');
  await new Promise<void>((r) => socket.once('connect', () => r()));
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.write(`POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${extra}content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body.slice(0, 3)}`);
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  return {
    async finish() {
      socket.write(body.slice(3));
      await closed;
      return answer;
    },
  };
}
