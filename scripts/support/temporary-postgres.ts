/**
 * A real PostgreSQL server for a test run or a benchmark, started from the machine's own binaries
 * (Debian's `postgresql`: initdb and a start take under a second, where a package that carries its
 * own binaries must first unpack them). Used by vitest's global setup (test/fixtures/postgres-server.ts)
 * and by npm run bench:replicas.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** initdb's folder: on PATH, or Debian's versioned one. */
function postgresBin(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return join(onPath, '..');
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  const newest = readdirSync(debian).sort((a, b) => Number(b) - Number(a))[0];
  return newest && existsSync(join(debian, newest, 'bin', 'initdb')) ? join(debian, newest, 'bin') : undefined;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user Debian's package creates. */
function runner(): {
  run: (program: string, args: string[]) => void;
  uid: number | undefined;
  gid: number | undefined;
} {
  if (process.getuid?.() !== 0)
    return {
      run: (program, args) => void execFileSync(program, args, { stdio: 'pipe' }),
      uid: undefined,
      gid: undefined,
    };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return {
    run: (program, args) => void execFileSync('runuser', ['-u', 'postgres', '--', program, ...args], { stdio: 'pipe' }),
    uid,
    gid,
  };
}

/**
 * A PostgreSQL server of its own in a temp folder, on a free loopback port: its admin URL and how
 * to stop it (which removes the folder). Durability is off (it lives for one test run) unless
 * `durable`, as a benchmark needs to measure what a clinic's server does. Undefined where no
 * PostgreSQL is installed.
 */
export interface TemporaryPostgres {
  readonly adminUrl: string;
  /** Stops the server and removes its folder. */
  stop(): void;
  /** Stops the server as a crash or an outage would, keeping its data; `resume` starts it again on the same port. */
  pause(): void;
  resume(): void;
}

export async function startTemporaryPostgres({ durable = false } = {}): Promise<TemporaryPostgres | undefined> {
  const bin = postgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'pawlens-postgres-'));
  const { run, uid, gid } = runner();
  if (uid !== undefined && gid !== undefined) chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', data, '-U', 'pawlens', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // Connections for every store the tests open at once.
  const durability = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=400${durability}`;
  const start = () =>
    run(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  start();
  return {
    adminUrl: `postgres://pawlens@127.0.0.1:${port}/postgres`,
    pause: () => run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']),
    resume: start,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
