import { describe, expect, it } from 'vitest';
import { cleanFilename, detectFileType } from './documents.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('detectFileType', () => {
  it.each([
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0)],
    ['gif', text('GIF89a....')],
    ['gif', text('GIF87a....')],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe1, 0, 0)],
    ['webp', text('RIFF\u0024\u0000\u0000\u0000WEBPVP8 ')],
    ['pdf', text('%PDF-1.7\n')],
    ['zip', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0)],
    ['svg', text('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['svg', text('\uFEFF<?xml version="1.0"?>\n<!-- icon --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">\n<svg>')],
  ])('reads %s from its first bytes', (type, head) => {
    expect(detectFileType(head)).toBe(type);
  });

  it.each([
    ['text', text('não sou uma imagem')],
    ['HTML', text('<html><svg></svg></html>')],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e)],
    ['a RIFF that is not WebP (a WAV)', text('RIFF\u0024\u0000\u0000\u0000WAVEfmt ')],
    ['nothing', bytes()],
  ])('recognises nothing in %s', (_case, head) => {
    expect(detectFileType(head)).toBeNull();
  });
});

describe('cleanFilename', () => {
  it('keeps the last path segment without control or reserved characters', () => {
    expect(cleanFilename('C:\\Users\\ana\\horário "verão".pdf')).toBe('horário verão.pdf');
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('a\u0000b\nc.png')).toBe('abc.png');
  });

  it('falls back when nothing is left, and bounds the length', () => {
    expect(cleanFilename('///', 'photo.png')).toBe('photo.png');
    expect(cleanFilename(`${'x'.repeat(300)}.pdf`)).toHaveLength(200);
  });
});
