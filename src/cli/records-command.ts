import { parseCommandArgs } from './parse-command-args.js';
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccountStore } from '../accounts/account-store.js';

export const RECORDS_USAGE = `pawlens records — the pets' records of a key's clinic, whatever the key's status (revoked included)

  pawlens records pets KEY_ID [--json]
      The clinic's pets that have records: how many each, and when the latest was made.
  pawlens records export KEY_ID [--pet PET] [--photos DIR]
      Every record (one pet's with --pet), one JSON object a line, newest first; with --photos,
      the kept photos are written into DIR as REQUEST_ID.jpeg|png|webp.
  pawlens records erase KEY_ID [--pet PET]
      Erases the clinic's records (one pet's with --pet), kept photos included, from the store's files.`;

type Print = (line: string) => void;

/** Records read at a time while exporting. */
const PAGE = 100;

/** Runs one `pawlens records …` command against the store; output goes through `print`. */
export async function runRecordsCommand(args: string[], store: AccountStore, print: Print): Promise<void> {
  const { values, positionals } = parseCommandArgs('records', args, {
    pet: { type: 'string' },
    photos: { type: 'string' },
    json: { type: 'boolean', default: false },
  });
  const [verb, keyId] = positionals;
  if (!verb || !['pets', 'export', 'erase'].includes(verb))
    throw new Error(verb ? `Unknown records command "${verb}".\n\n${RECORDS_USAGE}` : RECORDS_USAGE);
  if (!keyId) throw new Error(`Usage: pawlens records ${verb} KEY_ID ("pawlens keys list" shows the ids).`);
  if (!(await store.getKey(keyId))) throw new Error(`No key with id ${keyId}; "pawlens keys list" shows the ids.`);
  /** The pets an export or an erase covers: the one named, or all the key's. */
  const covered = async () =>
    values.pet === undefined ? (await store.petsOf(keyId)).map((pet) => pet.petId) : [values.pet];

  switch (verb) {
    case 'pets': {
      const summaries = await store.petsOf(keyId);
      if (values.json) print(JSON.stringify(summaries));
      else if (summaries.length === 0) print(`The clinic of key ${keyId} has no records.`);
      else for (const pet of summaries) print(`${pet.petId}  ${pet.records} records  latest ${pet.latest}`);
      return;
    }
    case 'export': {
      if (values.photos) makePhotoFolder(values.photos);
      for (const petId of await covered()) {
        let after: string | undefined;
        for (;;) {
          // Undefined only if the last record seen was erased meanwhile: the export ends there.
          const page = (await store.petRecords(keyId, petId, PAGE, after)) ?? [];
          for (const record of page) {
            print(JSON.stringify(record));
            if (!values.photos || !record.hasPhoto) continue;
            const photo = await store.petPhoto(keyId, petId, record.requestId);
            if (photo) writePhoto(join(values.photos, `${record.requestId}.${photo.format}`), photo.bytes);
          }
          if (page.length < PAGE) break;
          after = page.at(-1)!.requestId;
        }
      }
      return;
    }
    case 'erase': {
      let erased = 0;
      for (const petId of await covered()) erased += await store.deletePet(keyId, petId);
      print(
        `Erased ${erased} record${erased === 1 ? '' : 's'} of key ${keyId}${values.pet ? ` for pet ${values.pet}` : ''}.`,
      );
    }
  }
}

/** The export's photo folder, made where missing; one that cannot be (under /proc, read-only) is said in a sentence. */
function makePhotoFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    throw new Error(
      `--photos ${dir} cannot hold the photos (${code ?? (error as Error).message}): give a folder this user can write, or a new one to make.`,
    );
  }
}

function writePhoto(path: string, bytes: Buffer): void {
  try {
    writeFileSync(path, bytes);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    throw new Error(
      `Cannot write ${path} (${code ?? (error as Error).message}): give --photos a folder this user can write.`,
    );
  }
}
