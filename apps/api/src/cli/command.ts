import { parseArgs, type ParseArgsConfig } from 'node:util';
import { AppError } from '../plugins/errors.js';

/**
 * What the operator's commands share: exit codes, refusals in Chinese, argument parsing. A refusal
 * is printed to stderr as one line; nothing is logged, and no full mobile is ever printed.
 */

export const EXIT = {
  ok: 0,
  /** refused or failed: unknown account, last admin, a migration failing, a newer database… */
  failed: 1,
  /** the command line itself is wrong; the usage text follows the message */
  usage: 2,
} as const;

/** A refusal the operator can act on: its message is printed as is. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);

/**
 * A line of the command's answer on stdout. The commands print what the operator asked for, never a
 * log (console.log is kept out of the code by the linter); mobiles only masked.
 */
export const say = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

type Options = NonNullable<ParseArgsConfig['options']>;

/** The quoted option name in node's parseArgs messages (never its value). */
const optionName = (message: string) => /'(--?[A-Za-z][\w-]*)/.exec(message)?.[1] ?? '';

/** node:util parseArgs, strict, its errors turned into usage refusals that do not echo values. */
export function parseCommandArgs<O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw usageError(`不认识的选项 ${optionName(String(err))}`.trim());
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw usageError(`选项 ${optionName(String(err))} 的值有误`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw usageError('多余的参数');
    throw err;
  }
}

/**
 * Runs a command's main and sets the exit code: refusals and failures print their message (and the
 * usage text for a wrong command line); the process then ends by itself once the database is closed.
 */
export function runCommand(usage: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      if (err instanceof CliError) {
        console.error(`错误：${err.message}`);
        if (err.exitCode === EXIT.usage) console.error(`\n${usage}`);
        process.exitCode = err.exitCode;
        return;
      }
      // AppError: a service's rule (its message is the console's, already in Chinese)
      const message = err instanceof Error ? err.message : String(err);
      console.error(err instanceof AppError ? `错误：${message}` : `失败：${message}`);
      process.exitCode = EXIT.failed;
    },
  );
}
