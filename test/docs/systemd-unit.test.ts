import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../../src/config.js';
import { ROOT } from '../fixtures/served-cli.js';

/** deploy/pawlens.service's settings, by key (a key given twice, as Environment, keeps every value). */
function unitSettings(): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of readFileSync(join(ROOT, 'deploy', 'pawlens.service'), 'utf8').split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}

describe('the systemd unit (issue 41)', () => {
  const settings = unitSettings();

  it("runs the built CLI's serve, as the user it names, and stops it with SIGTERM", () => {
    expect(settings.get('ExecStart')).toEqual(['/usr/bin/node /opt/pawlens/dist/cli.js serve']);
    expect(existsSync(join(ROOT, 'src', 'cli.ts'))).toBe(true);
    expect(settings.get('User')).toEqual(['pawlens']);
    expect(settings.get('KillSignal')).toEqual(['SIGTERM']);
  });

  it('sets only settings pawlens reads, and keeps the data and the models outside the checkout, where it may write', () => {
    const env = Object.fromEntries(settings.get('Environment')!.map((pair) => pair.split('=') as [string, string]));
    const known = Object.keys(EnvSchema.shape);
    for (const name of Object.keys(env).filter((name) => name.startsWith('PAWLENS_')))
      expect(known, name).toContain(name);
    expect(env.PAWLENS_DATA_DIR).toMatch(/^\/var\/lib\/pawlens\//);
    expect(env.PAWLENS_MODELS_DIR).toMatch(/^\/var\/lib\/pawlens\//);
    expect(settings.get('ReadWritePaths')).toEqual(['/var/lib/pawlens']);
  });
});
