import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText, createReportWriter, formatLisbonDateTime, reportFilename } from './report-files.ts';

const heading = {
  title: 'Ocorrências por região',
  parameters: [{ label: 'Desde', value: '2025-01-01' }],
  generatedAt: new Date('2025-07-15T07:05:00Z'),
  language: 'pt-PT',
};

async function write(format: 'CSV' | 'XLSX' | 'PDF', rows: unknown[][]) {
  const writer = await createReportWriter(format, heading);
  await writer.columns(['Região', 'Total', 'Quando'], ['text', 'number', 'datetime']);
  await writer.rows(rows);
  return writer.finish();
}

describe('report files', () => {
  it('names the file after the template and the Lisbon time', () => {
    expect(reportFilename('Ocorrências: por/região', 'CSV', heading.generatedAt)).toBe(
      'Ocorrências por região-20250715-0805.csv',
    );
    expect(formatLisbonDateTime(new Date('2025-01-15T23:30:00Z'))).toBe('15-01-2025 23:30');
  });

  it('writes CSV in UTF-8 with a BOM, accents intact, formulas defused, instants in Lisbon time', async () => {
    const bytes = await write('CSV', [
      ['São João', 12, new Date('2025-07-15T10:00:00Z')],
      ['=HYPERLINK("x")', null, '2025-01-15T10:00:00.000Z'],
    ]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1).split('\r\n')).toEqual([
      'Região,Total,Quando',
      'São João,12,2025-07-15 11:00:00',
      `"'=HYPERLINK(""x"")",,2025-01-15 10:00:00`,
      '',
    ]);
  });

  it('writes an XLSX that reads back with its header and typed values', async () => {
    const bytes = await write('XLSX', [
      ['Porto', 3, null],
      ['Évora', 4.5, null],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Ocorrências por região');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Região', 'Total', 'Quando']);
    expect(sheet.getRow(3).getCell(1).value).toBe('Évora');
    expect(sheet.getRow(3).getCell(2).value).toBe(4.5);
    expect(sheet.rowCount).toBe(3);
  });

  it('writes a PDF, and says when rows were left out', async () => {
    const bytes = await write('PDF', [['Lisboa', 1, null]]);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const writer = await createReportWriter('PDF', heading);
    await writer.columns(['n'], ['number']);
    await writer.rows(Array.from({ length: 5_010 }, (_, i) => [i]));
    const capped = await writer.finish();
    expect(capped.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(capped.length).toBeGreaterThan(bytes.length);
  }, 60_000);

  it('shows dates as dates, JSON as JSON and nothing as an empty cell', () => {
    expect(cellText(new Date('2025-03-01T00:00:00Z'), 'date')).toBe('2025-03-01');
    expect(cellText({ a: 1 }, 'json')).toBe('{"a":1}');
    expect(cellText(null, 'text')).toBeNull();
    expect(cellText(true, 'boolean')).toBe('true');
  });
});
