/**
 * npm run faults — the faults of issue 12 and the attacks of issue 27, replayed against the real
 * server (dist/cli.js serve, its own process) on loopback, each bounded in time and size:
 *
 *   crash            20 paid calls in flight (held by an LLM that never answers), kill -9, restart
 *                    at once: how long until every balance is its credits minus 5 × its ledger
 *                    rows, and whether the in-flight Idempotency-Key's retry runs.
 *   disk full        the key store's writes fail (a SQLite trigger from a second connection, as
 *                    SQLITE_FULL would): the answers, /readyz, then the same after it writes again.
 *   slow bodies      20 clients send headers and then a byte a second.
 *   silent LLM       an Ollama that accepts connections and never answers.
 *   300 uploads      300 concurrent 12 MP phone photos, from a key with 4 credits, then unlimited.
 *   half-open        512 connections that never finish their request, re-opened when cut, for 20 s,
 *                    while a normal client polls /healthz.
 *   trickled         8 uploads at 4 bytes a second from one key while another key calls.
 *   key bomb         451,617-key JSON bodies in two loops from one key while another key calls.
 *   urllib           Python's urllib with a 4 MiB photo, a bad key and no credits.
 *
 * Prints one table (the figures of docs/faults.md). Needs `npm run build` first.
 */
import { crash, diskFull, silentLlm, slowBodies, uploads } from './faults/bad-days.js';
import { halfOpen, keyBomb, trickledUploads, urllibEarlyAnswers } from './faults/hostile-clients.js';
import { phoneStoolPhoto } from './support/phone-photo.js';

// A black, tarry stool: a finding colour alone can make, so each answer is charged and writes the ledger.
const small = Buffer.from(
  JSON.stringify({ image: (await phoneStoolPhoto({ width: 640, height: 480, stool: '#141210' })).toString('base64') }),
);
const rows = [
  await crash(small),
  await diskFull(small),
  await slowBodies(),
  await silentLlm(small),
  await uploads(),
  await halfOpen(),
  await trickledUploads(small),
  await keyBomb(small),
  await urllibEarlyAnswers(),
];
console.log('| case | requests | what happened | credits | server RSS |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
