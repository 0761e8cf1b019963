import { loadConfig, type Config } from '../config';
import { openToolDatabase } from '../db/toolDatabase';

/**
 * The shell of `npm run backup` and `npm run restore`: reads the arguments (no backup folder: the
 * usage), opens the database of the configuration for `run` and stops it after, and ends with exit
 * code 1 and the message alone (no stack) on any failure, the arguments' included.
 */
export async function runBackupCommand<Args extends { folder?: string }>(command: {
  usage: string;
  parseArgs: () => Args;
  /** Answers false when the work is done but incomplete: the command then exits with code 1. */
  run: (args: Args & { folder: string }, databaseUrl: string, config: Config) => Promise<boolean>;
}): Promise<void> {
  try {
    const args = command.parseArgs();
    const { folder } = args;
    if (!folder) {
      console.error(command.usage);
      process.exitCode = 1;
      return;
    }
    const config = loadConfig();
    // Neither migrates first: a backup copies the database as it is, and a restore checks the backup
    // before it changes anything, then applies the migrations itself.
    const database = await openToolDatabase(config, { migrate: false });
    try {
      if (!(await command.run({ ...args, folder }, database.url, config))) process.exitCode = 1;
    } finally {
      await database.stop();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
