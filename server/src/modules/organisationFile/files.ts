import fs from 'node:fs/promises';
import {
  readOrganisationFileData,
  ZOrganisationFile,
  type TOrganisationFile,
  type TOrganisationFileReading,
} from '@compass/shared';
import YAML from 'yaml';
import { z } from 'zod';
import { ImportRefused } from './importProblems';

/**
 * The largest organisation file imported: about 17,000 employees at the example's 300 bytes each,
 * parsed in about 4 s. A larger organisation is imported in several files (an import adds and
 * updates, so a later file may name what an earlier one made). Parsing is what costs: a 30 MB file
 * took 89 s and 2 GB of memory before it was refused.
 */
export const ORGANISATION_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The text of an organisation file, refused by its size before any of it is read. */
export async function readOrganisationFile(file: string): Promise<string> {
  const cannotRead = () => new ImportRefused([`(file): cannot read ${file}`]);
  const stat = await fs.stat(file).catch(() => {
    throw cannotRead();
  });
  if (!stat.isFile()) throw cannotRead();
  if (stat.size > ORGANISATION_FILE_MAX_BYTES) {
    throw new ImportRefused([
      `(file): ${file} is larger than ${ORGANISATION_FILE_MAX_BYTES / 1024 / 1024} MB; import the organisation in several files`,
    ]);
  }
  return fs.readFile(file, 'utf8').catch(() => {
    throw cannotRead();
  });
}

/**
 * Reads an organisation file (YAML, or JSON, which is YAML too): the file, or every problem it shows
 * on its own with the names it gives and uses, which the importer checks against the organisation
 * before it refuses the file with all of them. Text that is not YAML at all is refused at once.
 */
export function parseOrganisationFile(text: string): TOrganisationFileReading {
  let raw: unknown;
  try {
    raw = YAML.parse(text, { prettyErrors: true });
  } catch (error) {
    throw new ImportRefused([`(file): not YAML or JSON: ${(error as Error).message.split('\n')[0]}`]);
  }
  return readOrganisationFileData(raw);
}

/** The file's text: JSON for a .json name, YAML otherwise. */
export function formatOrganisationFile(file: TOrganisationFile, format: 'yaml' | 'json'): string {
  return format === 'json' ? `${JSON.stringify(file, null, 2)}\n` : YAML.stringify(file, { lineWidth: 0 });
}

/** The JSON Schema of the file, generated from the zod schema (docs/organisation-file.schema.json). */
export function organisationFileJsonSchema(): string {
  const schema = z.toJSONSchema(ZOrganisationFile, { io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ ...schema, title: 'Compass organisation file' }, null, 2)}\n`;
}
