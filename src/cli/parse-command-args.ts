import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A command's options, as parseArgs takes them. */
export type CommandOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * parseArgs for every command, strict and with positionals, whose mistakes are said in one plain
 * line naming the flags the command takes ("pawlens analyze has no option --langauge; it takes
 * --language, --animal-type"), where Node's own text tells a user about '--' and positionals.
 * The command's usage follows it (cli.ts prints it for a UsageError).
 */
export function parseCommandArgs<const O extends CommandOptions>(
  command: string,
  args: string[],
  options: O,
  { positionals = true }: { readonly positionals?: boolean } = {},
) {
  try {
    return parseArgs({ args, options, allowPositionals: positionals, strict: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) throw error;
    const flags = Object.entries(options).map(
      ([name, option]) => `--${name}${option.type === 'string' ? ' VALUE' : ''}`,
    );
    const takes = flags.length > 0 ? `it takes ${flags.join(', ')}` : 'it takes no options';
    const message = (error as Error).message;
    const given = /'(-[^' =]*)/.exec(message)?.[1];
    const stray = /'([^']*)'/.exec(message)?.[1];
    const what = !given
      ? code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && stray !== undefined
        ? `takes no argument "${stray}"`
        : 'cannot read these arguments'
      : code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
        ? `has no option ${given}`
        : /does not take/.test(message)
          ? `takes no value after ${given}`
          : `needs a value after ${given}`;
    throw new UsageError(`pawlens ${command} ${what}; ${takes}.`);
  }
}

/** A mistake in how a command was called: cli.ts prints the message, then the command's usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
