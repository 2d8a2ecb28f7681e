import { PassThrough } from 'node:stream';
import {
  MIME_TYPES,
  REPORT_PDF_ROW_CAP,
  REPORT_SCHEDULE_TIME_ZONE,
  type TQueryColumnType,
  type TReportFormat,
  zonedParts,
} from '@mip/shared';
import type ExcelJS from 'exceljs';
import { formatCsvRow } from '../../lib/csv.ts';

/** Where a report's rows go as the query hands them over: one file being written. */
export interface TReportWriter {
  columns(headers: string[], types: TQueryColumnType[]): Promise<void> | void;
  rows(batch: unknown[][]): Promise<void> | void;
  /** Ends the file and answers its bytes. */
  finish(): Promise<Buffer>;
}

/** What heads a PDF and names the file. */
export interface TReportHeading {
  title: string;
  /** The parameter values as the user chose them, with their labels. */
  parameters: { label: string; value: string }[];
  generatedAt: Date;
  language: string;
}

const EXTENSIONS: Record<TReportFormat, string> = { CSV: 'csv', XLSX: 'xlsx', PDF: 'pdf' };

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Wall-clock parts in Lisbon, where schedules and generation times are read, as zero-padded text. */
function lisbonParts(instant: Date) {
  const p = zonedParts(instant, REPORT_SCHEDULE_TIME_ZONE);
  return {
    year: pad(p.year, 4),
    month: pad(p.month),
    day: pad(p.day),
    hour: pad(p.hour),
    minute: pad(p.minute),
    second: pad(p.second),
  };
}

/** DD-MM-YYYY HH:mm in Lisbon time (the spec's date format). */
export function formatLisbonDateTime(instant: Date): string {
  const p = lisbonParts(instant);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** `Name-20250314-0800.csv`: the template's name (without characters file systems refuse) and the Lisbon time. */
export function reportFilename(templateName: string, format: TReportFormat, generatedAt: Date): string {
  const p = lisbonParts(generatedAt);
  const base =
    templateName
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'report';
  return `${base}-${p.year}${p.month}${p.day}-${p.hour}${p.minute}.${EXTENSIONS[format]}`;
}

const isoDate = (value: Date) => value.toISOString().slice(0, 10);

function lisbonDateTimeWithSeconds(value: Date): string {
  const p = lisbonParts(value);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** A value as text in a cell: dates in Lisbon time, JSON as JSON, nothing as empty. */
export function cellText(value: unknown, type: TQueryColumnType | undefined): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return type === 'date' ? isoDate(value) : lisbonDateTimeWithSeconds(value);
  if (typeof value === 'string') {
    if (type === 'datetime' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)))
      return lisbonDateTimeWithSeconds(new Date(value));
    return value;
  }
  return JSON.stringify(value);
}

/** CSV in UTF-8 with a byte order mark, so Excel reads the accents right. */
function createCsvWriter(): TReportWriter {
  const chunks: Buffer[] = [Buffer.from('\uFEFF', 'utf8')];
  let types: TQueryColumnType[] = [];
  return {
    columns(headers, columnTypes) {
      types = columnTypes;
      chunks.push(Buffer.from(formatCsvRow(headers), 'utf8'));
    },
    rows(batch) {
      const text = batch.map((row) => formatCsvRow(row.map((value, i) => cellText(value, types[i])))).join('');
      chunks.push(Buffer.from(text, 'utf8'));
    },
    finish: async () => Buffer.concat(chunks),
  };
}

/** A sheet name Excel accepts: 31 characters, none of []:*?/\. */
function sheetName(title: string): string {
  return (
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Report'
  );
}

function xlsxValue(value: unknown, type: TQueryColumnType | undefined): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return type === 'date' ? isoDate(value) : lisbonDateTimeWithSeconds(value);
  const text = cellText(value, type);
  return text === null ? null : text;
}

/** XLSX through exceljs's streaming writer: each row is committed as it comes, not held as a workbook. */
async function createXlsxWriter(heading: TReportHeading): Promise<TReportWriter> {
  const { default: Excel } = await import('exceljs');
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.created = heading.generatedAt;
  // The header row stays in sight while scrolling (the streaming writer takes views only here).
  const sheet = workbook.addWorksheet(sheetName(heading.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  let types: TQueryColumnType[] = [];
  return {
    columns(headers, columnTypes) {
      types = columnTypes;
      sheet.columns = headers.map((header, i) => ({
        header,
        key: `c${i}`,
        width: Math.min(60, Math.max(10, header.length + 2)),
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
    },
    rows(batch) {
      for (const row of batch) sheet.addRow(row.map((value, i) => xlsxValue(value, types[i]))).commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}

const PDF_TEXTS = {
  'pt-PT': {
    generatedAt: 'Gerado em',
    lisbonTime: 'hora de Lisboa',
    parameters: 'Parâmetros',
    noRows: 'Sem resultados.',
    rows: (count: number) => `${count} linhas.`,
    capped: (cap: number) =>
      `O PDF mostra apenas as primeiras ${cap.toLocaleString('pt-PT')} linhas: gere o relatório em CSV ou XLSX para as ver todas.`,
  },
  'en-US': {
    generatedAt: 'Generated on',
    lisbonTime: 'Lisbon time',
    parameters: 'Parameters',
    noRows: 'No results.',
    rows: (count: number) => `${count} rows.`,
    capped: (cap: number) =>
      `The PDF shows only the first ${cap.toLocaleString('en-US')} rows: generate the report as CSV or XLSX to see them all.`,
  },
} as const;

const PDF_FONT_SIZE = 8;
const PDF_CELL_PADDING = 3;
/** A cell shows at most this many lines; longer text ends in an ellipsis. */
const PDF_CELL_LINES = 3;
/** Rows whose text sets the columns' widths. */
const PDF_SAMPLE_ROWS = 200;

/**
 * Column widths in proportion to how long their texts run (header and the
 * first rows), each between a short code's and a sentence's, filling the page.
 */
function columnWidths(headers: string[], sample: string[][], available: number): number[] {
  const weights = headers.map((header, i) => {
    const lengths = sample.map((row) => row[i]?.length ?? 0);
    const average = lengths.length > 0 ? lengths.reduce((sum, length) => sum + length, 0) / lengths.length : 0;
    return Math.min(40, Math.max(4, header.length, average));
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => (available * weight) / total);
}

/**
 * A landscape A4 PDF: title, parameters, generation time in Lisbon, then the
 * rows as a table with its header on every page (the first REPORT_PDF_ROW_CAP
 * rows, and a note when there were more).
 */
async function createPdfWriter(heading: TReportHeading, rowCap = REPORT_PDF_ROW_CAP): Promise<TReportWriter> {
  const { default: PDFDocument } = await import('pdfkit');
  const texts = PDF_TEXTS[heading.language === 'en-US' ? 'en-US' : 'pt-PT'];
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: heading.title, CreationDate: heading.generatedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(heading.title);
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text(`${texts.generatedAt} ${formatLisbonDateTime(heading.generatedAt)} (${texts.lisbonTime})`);
  if (heading.parameters.length > 0) {
    doc.moveDown(0.3).font('Helvetica-Bold').text(texts.parameters);
    doc.font('Helvetica');
    for (const parameter of heading.parameters) doc.text(`${parameter.label}: ${parameter.value}`);
  }
  doc.fillColor('black').moveDown(0.8);

  let headers: string[] = [];
  let types: TQueryColumnType[] = [];
  let widths: number[] = [];
  let table: PDFKit.Mixins.PDFTableObject | null = null;
  let rowCount = 0;
  let isCapped = false;
  const cell = (value: unknown, i: number) => {
    const text = cellText(value, types[i]);
    return text === null ? '' : String(text).slice(0, 500);
  };
  const maxTextHeight = () => {
    doc.font('Helvetica').fontSize(PDF_FONT_SIZE);
    return doc.currentLineHeight(true) * PDF_CELL_LINES;
  };
  /** How tall a row will be drawn, so it can go to the next page whole, under the header again. */
  const rowHeight = (cells: string[], font: string) => {
    const limit = maxTextHeight();
    doc.font(font).fontSize(PDF_FONT_SIZE);
    const text = Math.max(
      ...cells.map((value, i) => doc.heightOfString(value || ' ', { width: widths[i] - 2 * PDF_CELL_PADDING })),
    );
    return Math.min(text, limit) + 2 * PDF_CELL_PADDING + 1;
  };
  const startTable = () => {
    const limit = maxTextHeight() + 2 * PDF_CELL_PADDING;
    table = doc.table({
      columnStyles: widths,
      rowStyles: (row) => (row === 0 ? { backgroundColor: '#e9ecef' } : { maxHeight: limit }),
      defaultStyle: {
        border: 0.5,
        borderColor: '#adb5bd',
        padding: PDF_CELL_PADDING,
        textOptions: { ellipsis: true },
      },
    });
    doc.font('Helvetica').fontSize(PDF_FONT_SIZE);
    table.row(headers.map((header) => ({ text: header, type: 'TH', font: { src: 'Helvetica-Bold' } })));
  };
  const addRow = (cells: string[]) => {
    const bottom = doc.page.height - doc.page.margins.bottom;
    if (table && doc.y + rowHeight(cells, 'Helvetica') > bottom) {
      table.end();
      doc.addPage();
      table = null;
    }
    if (!table) startTable();
    doc.font('Helvetica').fontSize(PDF_FONT_SIZE);
    table?.row(cells);
  };
  const available = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  return {
    columns(columnHeaders, columnTypes) {
      headers = columnHeaders;
      types = columnTypes;
    },
    rows(batch) {
      const cells = batch.slice(0, Math.max(0, rowCap - rowCount)).map((row) => row.map(cell));
      if (batch.length > cells.length) isCapped = true;
      if (widths.length === 0) widths = columnWidths(headers, cells.slice(0, PDF_SAMPLE_ROWS), available);
      for (const row of cells) addRow(row);
      rowCount += cells.length;
    },
    async finish() {
      if (widths.length === 0 && headers.length > 0) widths = columnWidths(headers, [], available);
      if (!table && headers.length > 0) startTable();
      table?.end();
      doc.font('Helvetica').fontSize(9).moveDown(0.8);
      if (isCapped) doc.fillColor('#c92a2a').text(texts.capped(rowCap), doc.page.margins.left);
      else doc.text(rowCount === 0 ? texts.noRows : texts.rows(rowCount), doc.page.margins.left);
      doc.end();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}

/**
 * exceljs and pdfkit are loaded on the first XLSX or PDF, not with the server: together they are a
 * quarter of a second of every start.
 */
export async function createReportWriter(format: TReportFormat, heading: TReportHeading): Promise<TReportWriter> {
  if (format === 'XLSX') return createXlsxWriter(heading);
  if (format === 'PDF') return createPdfWriter(heading);
  return createCsvWriter();
}

export const reportMimeType = (format: TReportFormat) => MIME_TYPES[format];
