import { isControlCharacter, printable } from './terminal-text.js';
import { parseCommandArgs } from './parse-command-args.js';
import { type AccountStore, CLINIC_NAME, DEFAULT_CLINIC, type KeyRecord } from '../accounts/account-store.js';
import { isExpired } from '../accounts/authenticate.js';
import { issueKey } from '../accounts/issue-key.js';
import { parseExpiry } from './parse-expiry.js';

export const KEYS_USAGE = `pawlens keys — manage API keys

  pawlens keys create --name NAME [--clinic CLINIC] [--credits N] [--expires DATE|30d] [--json]
      Create a key and print its secret once. Without --credits it is unlimited. A clinic's keys
      share their pets' records; without --clinic the key is the "default" clinic's.
  pawlens keys list [--json]
  pawlens keys disable ID        Refuse the key until it is enabled again.
  pawlens keys enable ID
  pawlens keys revoke ID         Refuse the key for good.
  pawlens keys credit ID N       Add N credits to a metered key.
  pawlens keys usage [ID] [--limit N] [--json]
      The latest calls charged, newest first.`;

type Print = (line: string) => void;

const positiveInt = (name: string, text: string | undefined): number => {
  if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new Error(`${name} must be a whole number, e.g. ${name} 100.`);
  }
  return Number(text);
};

const atLeastOne = (name: string, value: number): number => {
  if (value < 1) throw new Error(`${name} must be at least 1.`);
  return value;
};

const requireId = (id: string | undefined, verb: string): string => {
  if (!id) throw new Error(`Usage: pawlens keys ${verb} ID ("pawlens keys list" shows the ids).`);
  return id;
};

function describeKey(key: KeyRecord, now: Date): string {
  const credits = key.credits === null ? 'unlimited' : `${key.credits} credits`;
  // As the server would answer the key now: an active key past its expiry is refused as expired.
  const expired = isExpired(key, now);
  const expiry = key.expiresAt ? `, ${expired ? 'expired' : 'expires'} ${key.expiresAt}` : '';
  const status = key.status === 'active' && expired ? 'expired' : key.status;
  return `${key.id}  ${key.prefix}  ${status}  ${credits}${expiry}  clinic ${key.clinic}  "${printable(key.name)}"`;
}

/** Runs one `pawlens keys …` command against the store; output goes through `print`. */
export async function runKeysCommand(
  args: string[],
  store: AccountStore,
  print: Print,
  now = new Date(),
): Promise<void> {
  // parseArgs would take "-3" for an option; say what is wrong with it instead.
  const negative = args.find((arg) => /^-\d/.test(arg));
  if (negative)
    throw new Error(`${negative}: credits and limits are positive whole numbers, e.g. pawlens keys credit ID 100.`);
  const { values, positionals } = parseCommandArgs('keys', args, {
    name: { type: 'string' },
    clinic: { type: 'string' },
    credits: { type: 'string' },
    expires: { type: 'string' },
    limit: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const [verb, id, amount] = positionals;
  const json = values.json;
  switch (verb) {
    case 'create': {
      const name = values.name?.trim();
      if (!name) throw new Error('Give the key a name: pawlens keys create --name "front desk".');
      if ([...name].some(isControlCharacter))
        throw new Error('A key name cannot hold control characters (escape codes, tabs, newlines); use plain text.');
      const credits = values.credits === undefined ? null : positiveInt('--credits', values.credits);
      const expiresAt = values.expires === undefined ? null : parseExpiry(values.expires, now);
      const clinic = values.clinic?.trim() || DEFAULT_CLINIC;
      if (!CLINIC_NAME.test(clinic))
        throw new Error(
          `--clinic must be 1–64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit (e.g. --clinic north-branch), not "${printable(clinic)}".`,
        );
      const { record, secret } = await issueKey(store, { name, credits, expiresAt, clinic });
      if (json) {
        print(JSON.stringify({ key: secret, ...record }));
      } else {
        print(`Created ${describeKey(record, now)}`);
        print(`API key (shown only now; store it safely): ${secret}`);
      }
      return;
    }
    case 'list': {
      const keys = await store.listKeys();
      if (json) print(JSON.stringify(keys.map((key) => ({ ...key, expired: isExpired(key, now) }))));
      else if (keys.length === 0) print('No keys yet; create one with: pawlens keys create --name NAME');
      else for (const key of keys) print(describeKey(key, now));
      return;
    }
    case 'disable':
    case 'enable':
    case 'revoke': {
      const status = verb === 'enable' ? 'active' : verb === 'disable' ? 'disabled' : 'revoked';
      const record = await store.setStatus(requireId(id, verb), status);
      print(json ? JSON.stringify(record) : describeKey(record, now));
      return;
    }
    case 'credit': {
      const credits = atLeastOne('N', positiveInt('N', amount));
      // A revoked key can never call again: credits added to it would be lost.
      if ((await store.getKey(requireId(id, 'credit')))?.status === 'revoked')
        throw new Error(`Key ${id} is revoked and can never be used again; credit a new key instead.`);
      const record = await store.addCredits(requireId(id, 'credit'), credits);
      print(json ? JSON.stringify(record) : describeKey(record, now));
      return;
    }
    case 'usage': {
      if (id && !(await store.getKey(id))) throw new Error(`No key with id ${id}; "pawlens keys list" shows the ids.`);
      const rows = await store.usage(
        id,
        values.limit === undefined ? 100 : atLeastOne('--limit', positiveInt('--limit', values.limit)),
      );
      if (json) print(JSON.stringify(rows));
      else if (rows.length === 0) print('No charged calls yet.');
      else
        for (const row of rows)
          print(`${row.at}  ${row.keyId}  ${row.operation}  ${row.credits} credits  ${row.requestId}`);
      return;
    }
    default:
      throw new Error(verb ? `Unknown keys command "${verb}".\n\n${KEYS_USAGE}` : KEYS_USAGE);
  }
}
