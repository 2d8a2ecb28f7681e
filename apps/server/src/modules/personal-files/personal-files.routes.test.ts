import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { findAuditRows } from '../../../test/audit.ts';
import { signInNewUser } from '../../../test/factories.ts';
import { callerOf, type TCaller } from '../../../test/requests.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { storeUserFile } from './personal-files.service.ts';

const t = useTestApp();
let owner: { user: { id: number }; authorization: string };
let api: TCaller;
let other: TCaller;
let fileIds: Record<string, number>;

const system = (userId: number) => ({ userId, impersonatorUserId: null, ip: null, userAgent: 'test' });

beforeAll(async () => {
  owner = await signInNewUser(t);
  api = callerOf(t, owner.authorization);
  other = callerOf(t, (await signInNewUser(t)).authorization);
  fileIds = {};
  for (const [filename, contents] of [
    ['Ocorrências de março-20250401-0800.csv', '\uFEFFNome\r\nSão João\r\n'],
    ['Passagens por linha-20250402-0800.csv', '\uFEFFLinha\r\nA\r\n'],
  ] as const) {
    const file = await storeUserFile(t.db, system(owner.user.id), {
      userId: owner.user.id,
      filename,
      mimeType: 'text/csv; charset=utf-8',
      origin: 'REPORT',
      contents: Buffer.from(contents, 'utf8'),
    });
    fileIds[filename] = file.id;
  }
});

describe('GET /api/personal/files/search', () => {
  it("lists the caller's own files, newest first, found by any word of their name, accents aside", async () => {
    const all = await api.get('/personal/files/search');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().content.map((file: { filename: string }) => file.filename)).toEqual([
      'Passagens por linha-20250402-0800.csv',
      'Ocorrências de março-20250401-0800.csv',
    ]);
    expect(all.json().content[0]).toMatchObject({ origin: 'REPORT', mimeType: 'text/csv; charset=utf-8', size: 13 });
    const found = await api.get('/personal/files/search', { universalSearch: 'ocorrencias marco' });
    expect(found.json().content.map((file: { filename: string }) => file.filename)).toEqual([
      'Ocorrências de março-20250401-0800.csv',
    ]);
  });

  it("never lists another user's files", async () => {
    expect((await other.get('/personal/files/search')).json()).toMatchObject({ content: [], totalItems: 0 });
  });

  it('requires authentication', async () => {
    expectError(await callerOf(t, '').get('/personal/files/search'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/personal/files/{id}/download', () => {
  it('answers the bytes as an attachment under the file name, accents kept', async () => {
    const response = await api.get(`/personal/files/${fileIds['Ocorrências de março-20250401-0800.csv']}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Ocorrencias de marco-20250401-0800.csv"; filename*=UTF-8''${encodeURIComponent('Ocorrências de março-20250401-0800.csv')}`,
    );
    expect(response.rawPayload.toString('utf8')).toBe('\uFEFFNome\r\nSão João\r\n');
  });

  it("answers 404 for another user's file", async () => {
    expectError(
      await other.get(`/personal/files/${fileIds['Passagens por linha-20250402-0800.csv']}/download`),
      404,
      'NOT_FOUND',
    );
  });
});

describe('DELETE /api/personal/files/{id}', () => {
  it("answers 404 for another user's file and leaves it", async () => {
    const id = fileIds['Passagens por linha-20250402-0800.csv'];
    expectError(await other.delete(`/personal/files/${id}`), 404, 'NOT_FOUND');
    expect((await api.get(`/personal/files/${id}/download`)).statusCode).toBe(200);
  });

  it('deletes an own file and audits it without its bytes', async () => {
    const id = fileIds['Passagens por linha-20250402-0800.csv'];
    const response = await api.delete(`/personal/files/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expectError(await api.get(`/personal/files/${id}/download`), 404, 'NOT_FOUND');
    const [audit] = (await findAuditRows(t.db, 'DELETE', 'user_file')).filter((row) => row.record_id === String(id));
    expect(audit).toMatchObject({ user_id: owner.user.id });
    expect(audit.before).toMatchObject({ filename: 'Passagens por linha-20250402-0800.csv', size: 13 });
    expect(JSON.stringify(audit.before)).not.toContain('contents');
  });
});
