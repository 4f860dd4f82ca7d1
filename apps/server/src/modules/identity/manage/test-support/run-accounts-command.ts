import { ACCOUNTS_USAGE, type CommandIo, executeAccountsCommand, parseAccountsCommand } from '../accounts-command.js';

/** What accounts-cli.ts does with its arguments, without a process: exit codes 0 done, 1 refused, 2 usage error. */
export async function runAccountsCommand(argv: string[], io: CommandIo): Promise<number> {
  const command = parseAccountsCommand(argv);
  if (typeof command === 'string') {
    io.err(`${command}\n\n${ACCOUNTS_USAGE}`);
    return 2;
  }
  return executeAccountsCommand(command, io);
}
