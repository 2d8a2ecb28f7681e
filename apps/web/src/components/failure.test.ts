import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { initTestI18n } from '../i18n/test-i18n';
import { describeActionFailure, describeFailure } from './failure';

beforeAll(initTestI18n);

describe('describeFailure: what a failed call tells the user (spec 000 §8)', () => {
  it('a 500 is "Something Went Wrong!" with the server’s message and the reference it logged', async () => {
    const error = new ApiError(500, { code: 'INTERNAL_ERROR', message: 'Disk full', correlationId: 'abc-123' });
    expect(describeFailure(i18next.t, error)).toEqual({
      kind: 'failed',
      title: 'Algo correu mal!',
      message: 'Ocorreu um erro inesperado. Tente de novo dentro de momentos.',
      details: ['Mensagem do servidor: «Disk full»', 'Referência do erro: abc-123'],
    });
    await i18next.changeLanguage('en-US');
    expect(describeFailure(i18next.t, error)).toMatchObject({
      title: 'Something Went Wrong!',
      details: ['The server said: “Disk full”', 'Error reference: abc-123'],
    });
    await i18next.changeLanguage('pt-PT');
  });

  it('a known code keeps its own words; an unknown one is an unexpected error, never "invalid value"', () => {
    const busy = new ApiError(503, { code: 'QUERY_BUSY' });
    expect(describeFailure(i18next.t, busy).message).toBe(
      'Há demasiadas consultas em curso. Tente de novo dentro de alguns segundos.',
    );
    expect(describeFailure(i18next.t, busy).details).toEqual([]);
    const unknown = new ApiError(502, { code: 'GATEWAY_SAID_NO' });
    expect(describeFailure(i18next.t, unknown).message).toBe(
      'Ocorreu um erro inesperado. Tente de novo dentro de momentos.',
    );
  });

  it('only a 404 is "not found"; a network failure is "no connection"', () => {
    expect(describeFailure(i18next.t, new ApiError(404, { code: 'NOT_FOUND', message: 'Not found' }))).toMatchObject({
      kind: 'notFound',
      title: 'Página não encontrada!',
      details: ['Mensagem do servidor: «Not found»'],
    });
    expect(describeFailure(i18next.t, new ApiError(-1, { message: 'Network failure' }))).toEqual({
      kind: 'offline',
      title: 'Sem ligação ao servidor',
      message: 'Não foi possível contactar o servidor. Verifique a sua ligação e tente de novo.',
      details: [],
    });
    expect(describeFailure(i18next.t, new ApiError(403, { code: 'FORBIDDEN' })).kind).toBe('forbidden');
  });

  it('an error of the page itself, not of a call, is still "Something Went Wrong!"', () => {
    expect(describeFailure(i18next.t, new TypeError('x is undefined'))).toMatchObject({
      kind: 'failed',
      title: 'Algo correu mal!',
      details: [],
    });
  });
});

describe('describeActionFailure: a save that failed, in the message area', () => {
  it('keeps the server’s message and reference under the code’s meaning', () => {
    const error = new ApiError(500, { code: 'INTERNAL_ERROR', message: 'Disk full', correlationId: 'abc-123' });
    expect(describeActionFailure(i18next.t, error)).toEqual({
      title: 'Algo correu mal!',
      message:
        'Ocorreu um erro inesperado. Tente de novo dentro de momentos.\nMensagem do servidor: «Disk full»\nReferência do erro: abc-123',
    });
  });

  it('a record gone meanwhile says so in words, not as a page title', () => {
    const error = new ApiError(404, { code: 'NOT_FOUND', message: 'Not found' });
    expect(describeActionFailure(i18next.t, error)).toEqual({
      title: 'Algo correu mal!',
      message: 'Não encontrado\nMensagem do servidor: «Not found»',
    });
  });

  it('no connection is said as such', () => {
    expect(describeActionFailure(i18next.t, new ApiError(-1, {})).title).toBe('Sem ligação ao servidor');
  });
});
