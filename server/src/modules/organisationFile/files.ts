import { fileProblems, ZOrganisationFile, type TOrganisationFile } from '@compass/shared';
import YAML from 'yaml';
import { z } from 'zod';
import { ImportRefused } from './importer';

/** Reads an organisation file (YAML, or JSON, which is YAML too); every problem, or the file. */
export function parseOrganisationFile(text: string): TOrganisationFile {
  let raw: unknown;
  try {
    raw = YAML.parse(text, { prettyErrors: true });
  } catch (error) {
    throw new ImportRefused([`(file): not YAML or JSON: ${(error as Error).message.split('\n')[0]}`]);
  }
  const parsed = ZOrganisationFile.safeParse(raw);
  if (!parsed.success) throw new ImportRefused(fileProblems(parsed.error));
  return parsed.data;
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
