import { describe, expect, it } from 'vitest';
import { csvOf } from '../src/plugins/csv';

describe('csvOf', () => {
  const columns = [
    { header: 'Name', value: (row: { name: string; count: number | null }) => row.name },
    { header: 'Count', value: (row: { name: string; count: number | null }) => row.count },
  ];

  it('writes a heading, quotes what needs quoting and leaves empty cells empty', () => {
    const text = csvOf(columns, [
      { name: 'Forklift, yard', count: 3 },
      { name: 'He said "no"', count: null },
    ]);
    expect(text).toBe('\uFEFFName,Count\r\n"Forklift, yard",3\r\n"He said ""no""",\r\n');
  });

  it('keeps a cell that a spreadsheet would run as a formula as text', () => {
    expect(csvOf(columns, [{ name: '=HYPERLINK("x")', count: -1 }])).toContain(`"'=HYPERLINK(""x"")",-1`);
  });
});
