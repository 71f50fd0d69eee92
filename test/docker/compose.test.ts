import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { ROOT, buildFakeOllamaImage, buildFromCheckout, composeCopy } from '../fixtures/compose-stack.js';
import { describeWithCompose, docker, dockerScope, eventually } from '../fixtures/docker.js';
import { RULE_SCENES } from '../../scripts/support/rule-scenes.js';
import { sceneJpeg } from '../../scripts/support/scenes.js';

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

/**
 * compose.yaml started for real (issue 26, item 3): its own text, with only what a test must
 * change: the image names (test tags, removed at the end), the build's scene models from
 * docker-models/, the published port on a free loopback port, and Ollama's image: the project's
 * fake, bundled and run as `ollama serve` would. pawlens must reach it by its compose name, on the
 * internal network that has no route out.
 */
describeWithCompose('compose.yaml, started', () => {
  const scope = dockerScope('pawlens-compose');
  const pawlensImage = scope.image('pawlens');
  const ollamaImage = scope.image('fake-ollama');
  const stack = composeCopy(scope, 'compose.yaml');
  const { project } = stack;
  const up = stack.compose;

  beforeAll(async () => {
    await scope.beforeBuild();
    await buildFakeOllamaImage(ollamaImage);
    stack.write((text) =>
      buildFromCheckout(text)
        .replace('image: pawlens:0.1.0', `image: ${pawlensImage}`)
        .replaceAll('image: ollama/ollama:0.12.3', `image: ${ollamaImage}`)
        .replace('"8080:8080"', '"127.0.0.1::8080"'),
    );
    await up(['up', '-d', '--build'], 15 * 60_000);
  }, 20 * 60_000);

  it('pawlens reaches Ollama by its compose name, on a network with no route out, and its answers carry the model’s text', async () => {
    const address = (await up(['port', 'pawlens', '8080'])).split('\n')[0]!;
    const url = `http://${address}`;
    await eventually(
      async () => ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok ? true : undefined),
      60_000,
    );
    const key = await eventually(async () => /pk_[A-Za-z0-9]{32}/.exec(await up(['logs', 'pawlens']))?.[0], 30_000);
    // The model loaded (a load-only chat to ollama:11434), as /readyz on the container itself says.
    const llm = await eventually(async () => {
      const ready = JSON.parse(
        await up([
          'exec',
          '-T',
          'pawlens',
          'node',
          '-e',
          "fetch('http://127.0.0.1:8080/readyz').then(r=>r.text()).then(console.log)",
        ]),
      );
      return ready.checks.llm.state === 'ok' ? ready.checks.llm : undefined;
    }, 60_000);
    expect(llm).toMatchObject({ mode: 'auto', model: 'gemma3:4b', state: 'ok' });
    // Normal yellow urine: no red flag for the measurements to hold against the model, so its text is kept.
    const yellow = RULE_SCENES.find(([operation, rule]) => operation === 'urine' && rule === 'normal_yellow')![2];
    const response = await fetch(`${url}/api/v1/urine-analysis`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ image: (await sceneJpeg(yellow)).toString('base64'), language: 'en' }),
    });
    const body = await response.json();
    expect(response.status).toBe(200);
    // The fake's text: it answers the schema with "The model sees…"; the templates never say so.
    expect(body.data.summary).toMatch(/model/i);
    expect(response.headers.get('x-credits-charged')).toBe('5');
    expect(await docker(['network', 'inspect', '-f', '{{.Internal}}', `${project}_llm`])).toBe('true');
    const ollama = (await up(['ps', '-q', 'ollama'])).split('\n')[0]!;
    expect(
      await docker(['inspect', '-f', '{{range $name, $_ := .NetworkSettings.Networks}}{{$name}} {{end}}', ollama]),
    ).toBe(`${project}_llm`);
  }, 180_000);
});
