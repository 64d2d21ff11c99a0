/**
 * Issue 29 §5: webhook delivery latency — sign (HMAC-SHA256 over t.body) and POST to a local receiver that
 * verifies the signature, 300 times one after another. The DB bookkeeping of a try is not included.
 */
import { createServer } from 'node:http';
import { signWebhook, verifyWebhook } from '../apps/api/src/modules/webhooks/webhook-signature';
import { httpSender } from '../apps/api/src/modules/webhooks/webhooks.service';

const secret = 'whsec_bench';
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => { res.statusCode = verifyWebhook(secret, body, String(req.headers['facturo-signature'])) ? 200 : 400; res.end(); });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const addr = receiver.address();
const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/`;
const body = JSON.stringify({ id: crypto.randomUUID(), type: 'invoice.stamped', created: new Date().toISOString(), data: { uuid: crypto.randomUUID(), total: '1160.00' } });
const times: number[] = [];
let bad = 0;
for (let i = 0; i < 300; i++) {
  const t0 = performance.now();
  const r = await httpSender(url, { 'content-type': 'application/json', 'facturo-signature': signWebhook(secret, body) }, body);
  times.push(performance.now() - t0);
  if (r.status !== 200) bad++;
}
times.sort((a, b) => a - b);
const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
console.log(`webhook delivery (sign + POST + verify, local): p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, ${bad} refused`);
receiver.close();
