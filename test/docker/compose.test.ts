import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { describeWithCompose } from '../fixtures/docker.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);

/** `docker-compose -f FILE ARGS…` in the checkout, with `env` added: its output, or its failure's stderr. */
async function compose(file: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout } = await run('docker-compose', ['-f', file, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return { ok: true, out: stdout.trim() };
  } catch (error) {
    return { ok: false, out: String((error as { stderr?: string }).stderr ?? error) };
  }
}

const SECRETS = { POSTGRES_PASSWORD: 'test-password', PAWLENS_ADMIN_TOKEN: 'test-admin-token' };

/** The compose files as docker-compose reads them (issue 26, item 3's "config passes"); starting the stacks is still to come. */
describeWithCompose('the compose files, as docker-compose reads them', () => {
  it('compose.yaml: valid; pawlens and Ollama, and the one-off weights download behind its profile', async () => {
    expect(await compose('compose.yaml', ['config', '-q'])).toEqual({ ok: true, out: '' });
    expect((await compose('compose.yaml', ['config', '--services'])).out.split('\n').sort()).toEqual([
      'ollama',
      'ollama-pull',
      'pawlens',
    ]);
    expect((await compose('compose.yaml', ['config', '--profiles'])).out).toBe('pull');
  });

  it('compose.replicas.yaml: valid with its secrets, two replicas, the balancer, PostgreSQL, Ollama; refused without them', async () => {
    expect(await compose('compose.replicas.yaml', ['config', '-q'], SECRETS)).toEqual({ ok: true, out: '' });
    expect((await compose('compose.replicas.yaml', ['config', '--services'], SECRETS)).out.split('\n').sort()).toEqual([
      'balancer',
      'ollama',
      'ollama-pull',
      'pawlens-1',
      'pawlens-2',
      'postgres',
    ]);
    const bare = await compose('compose.replicas.yaml', ['config', '-q'], {
      POSTGRES_PASSWORD: '',
      PAWLENS_ADMIN_TOKEN: '',
    });
    expect(bare.ok).toBe(false);
    expect(bare.out).toMatch(/set POSTGRES_PASSWORD|set PAWLENS_ADMIN_TOKEN/);
  });
});
