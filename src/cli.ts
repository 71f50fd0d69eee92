#!/usr/bin/env node
import { COMMANDS, type Print } from './cli/command-table.js';
import { UsageError } from './cli/parse-command-args.js';
import { terminalLine } from './cli/terminal-text.js';
import { VERSION } from './version.js';

/** `pawlens --help`: the list of commands, then the help of those that have a page of their own in it. */
const helpPage = async () =>
  [
    `pawlens ${VERSION} — on-premise pet photo analysis\n\nUsage:\n${[...COMMANDS.flatMap((command) => command.brief), 'pawlens --version'].map((line) => `  ${line}`).join('\n')}`,
    ...(await Promise.all(COMMANDS.filter((command) => command.inHelpPage).map((command) => command.usage()))),
  ].join('\n\n');

const print: Print = (line) => process.stdout.write(`${line}\n`);
const commandNamed = (name: string | undefined) => COMMANDS.find((command) => command.name === name);

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  const command = commandNamed(name);
  if (command) {
    // `pawlens serve --help` must never start a server, nor `keys --help` touch the store; a command
    // with verbs, called bare, asks what there is.
    if (rest.some((arg) => arg === '--help' || arg === '-h') || (command.verbs && rest.length === 0))
      print(await command.usage());
    else await command.run(rest, print);
    return;
  }
  switch (name) {
    case '--version':
    case '-v':
      print(VERSION);
      return;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      print(await helpPage());
      return;
    default:
      throw new Error(`Unknown command "${name}".\n\n${await helpPage()}`);
  }
}

// `pawlens keys usage | head -1`: the reader went away, which is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

main(process.argv.slice(2)).catch(async (error: unknown) => {
  // A command called wrongly ("pawlens analyze has no option --langauge; …") is told how it is called.
  // (Its help is the command module's: should that fail to load, the message still goes out, alone.)
  const help =
    error instanceof UsageError
      ? await commandNamed(process.argv[2])
          ?.usage()
          .catch(() => undefined)
      : undefined;
  // A message may quote a file's or a label's name: its control characters are escaped, as in every line printed.
  const message = terminalLine(error instanceof Error ? error.message : String(error));
  process.stderr.write(`${message}\n${help ? `\n${help}\n` : ''}`);
  process.exitCode = 1;
});
