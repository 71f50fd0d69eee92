/**
 * Issue 27's attacks, against the real server: each made as the finding made it, with a normal
 * client (or another key) measured while it runs. Each returns its row.
 */
import { connect, type Socket } from 'node:net';
import { postWithUrllib } from '../support/python-urllib.js';
import {
  balanceOf,
  healthz,
  keyIn,
  onFreshServer,
  percentile,
  post,
  type Row,
  STOOL,
  sleep,
  tally,
} from './harness.js';

/** 512 connections that send a request line and never finish it, re-opened as soon as the server cuts one. */
export async function halfOpen(): Promise<Row> {
  return onFreshServer({}, async (server) => {
    const until = Date.now() + 20_000;
    let connects = 0;
    const heldMs: number[] = [];
    const attack = () => {
      if (Date.now() > until) return;
      const opened = Date.now();
      const socket: Socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true });
      connects++;
      let cut = false;
      const reconnect = () => {
        if (cut) return;
        cut = true;
        heldMs.push(Date.now() - opened);
        socket.destroy();
        attack();
      };
      socket.on('error', reconnect);
      socket.on('end', reconnect);
      socket.on('close', reconnect);
      socket.on('data', () => undefined);
      socket.write('GET /healthz HTTP/1.1\r\n');
    };
    for (let i = 0; i < 512; i++) attack();
    await sleep(1000);
    const polls: Array<{ ok: boolean; ms: number }> = [];
    while (Date.now() < until) {
      polls.push(await healthz(server.url));
      await sleep(200);
    }
    const answered = polls.filter((poll) => poll.ok);
    return [
      '512 half-open connections (a request line, never finished, never read), each re-opened as soon as it is cut, for 20 s',
      connects + polls.length,
      `a normal client's /healthz: ${answered.length} of ${polls.length} answered, slowest ${Math.max(...answered.map((poll) => poll.ms))} ms; attackers cut after ${(percentile(heldMs, 50) / 1000).toFixed(1)} s (median), ${connects} connects`,
      'no key',
      `${server.peakRssMiB().toFixed(0)} MiB`,
    ];
  });
}

/** One key's 8 uploads that declare 4 MB and send 4 bytes a second, while another key calls. */
export async function trickledUploads(body: Buffer): Promise<Row> {
  return onFreshServer({}, async (server, dataDir) => {
    const attacker = await keyIn(dataDir, 'trickler', 5);
    const other = await keyIn(dataDir, 'clinic', null);
    const started = Date.now();
    const trickles = Array.from(
      { length: 8 },
      () =>
        new Promise<{ status: number; seconds: number }>((resolve) => {
          const socket = connect(server.port, '127.0.0.1');
          let answer = '';
          socket.write(
            `POST ${STOOL} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${attacker.secret}\r\nContent-Type: application/json\r\nContent-Length: 4000000\r\n\r\n{"image":"`,
          );
          const drip = setInterval(() => socket.writable && socket.write('AAAA'), 1000);
          socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
          socket.on('error', () => undefined);
          socket.on('close', () => {
            clearInterval(drip);
            resolve({ status: Number(answer.split(' ')[1] ?? 0), seconds: (Date.now() - started) / 1000 });
          });
        }),
    );
    await sleep(1000);
    const calls: Array<{ status: number; ms: number }> = [];
    for (let i = 0; i < 10; i++) {
      const callStarted = Date.now();
      const { status } = await post(server.url, other.secret, body);
      calls.push({ status, ms: Date.now() - callStarted });
    }
    const cut = await Promise.all(trickles);
    const charged = await balanceOf(dataDir, attacker.record.id);
    return [
      '8 trickled uploads (4 MB declared, 4 bytes a second) from a key with 5 credits, while another key makes 10 calls',
      18,
      `uploads: ${tally(cut.map((c) => c.status))} after ${Math.min(...cut.map((c) => c.seconds)).toFixed(1)}–${Math.max(...cut.map((c) => c.seconds)).toFixed(1)} s; other key: ${tally(calls.map((c) => c.status))}, p50 ${percentile(
        calls.map((c) => c.ms),
        50,
      )} ms, slowest ${Math.max(...calls.map((c) => c.ms))} ms`,
      `5 → ${charged.credits} (ledger ${charged.ledger})`,
      `${server.peakRssMiB().toFixed(0)} MiB`,
    ];
  });
}

/** Two loops sending a 5.3 MB body of 451,617 keys from a 5-credit key, while another key calls for 10 s. */
export async function keyBomb(body: Buffer): Promise<Row> {
  return onFreshServer({}, async (server, dataDir) => {
    const attacker = await keyIn(dataDir, 'bomber', 5);
    const other = await keyIn(dataDir, 'clinic', null);
    const bomb = Buffer.from(
      `{"image":"x",${Array.from({ length: 451_617 }, (_, index) => `"k${index}":0`).join(',')}}`,
    );
    const until = Date.now() + 10_000;
    const bombStatuses: number[] = [];
    const loop = async () => {
      while (Date.now() < until) bombStatuses.push((await post(server.url, attacker.secret, bomb)).status);
    };
    const calls: Array<{ status: number; ms: number }> = [];
    const clinic = async () => {
      while (Date.now() < until) {
        const started = Date.now();
        const { status } = await post(server.url, other.secret, body);
        calls.push({ status, ms: Date.now() - started });
      }
    };
    await Promise.all([loop(), loop(), clinic()]);
    const charged = await balanceOf(dataDir, attacker.record.id);
    return [
      `JSON key bomb: 2 loops of a ${(bomb.length / 1e6).toFixed(1)} MB body of 451,617 keys from a key with 5 credits, for 10 s, while another key calls`,
      bombStatuses.length + calls.length,
      `bombs: ${tally(bombStatuses)}; other key: ${calls.length} calls, ${tally(calls.map((c) => c.status))}, p50 ${percentile(
        calls.map((c) => c.ms),
        50,
      )} ms`,
      `5 → ${charged.credits} (ledger ${charged.ledger})`,
      `${server.peakRssMiB().toFixed(0)} MiB`,
    ];
  });
}

/** Python's urllib sends its whole body before reading: a 4 MiB photo (413), a bad key (401), no credits (402), 10 each. */
export async function urllibEarlyAnswers(): Promise<Row> {
  return onFreshServer({}, async (server, dataDir) => {
    const paying = await keyIn(dataDir, 'clinic', null);
    const broke = await keyIn(dataDir, 'broke', 0);
    const fourMiBPhoto = Math.ceil((4 * 1024 * 1024 * 4) / 3);
    const answers: string[] = [];
    for (const [key, size] of [
      [paying.secret, fourMiBPhoto],
      [`pk_${'Z'.repeat(32)}`, 3_000_000],
      [broke.secret, 3_000_000],
    ] as const)
      for (let attempt = 0; attempt < 10; attempt++)
        answers.push(await postWithUrllib(`${server.url}${STOOL}`, key, size).catch(() => 'no python3'));
    const counts = new Map<string, number>();
    for (const answer of answers) counts.set(answer, (counts.get(answer) ?? 0) + 1);
    return [
      "Python's urllib (sends its whole body, then reads): a 4 MiB photo, a bad key, a key with no credits, 10 each",
      30,
      [...counts].map(([answer, count]) => `${count}× ${answer}`).join(', '),
      'nothing charged',
      `${server.peakRssMiB().toFixed(0)} MiB`,
    ];
  });
}
