import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, retryAfterSecondsOf } from '../../../api/client';
import { initTestI18n } from '../../../i18n/test-i18n';
import { widgetErrorHint } from './widget-error';

beforeAll(initTestI18n);

describe('what a widget that failed to load tells the viewer', () => {
  it('a busy server: the seconds it asked to wait, and a way to try again, in both languages', async () => {
    const busy = new ApiError(503, { code: 'QUERY_BUSY', message: 'busy' }, '5');
    expect(widgetErrorHint(i18next.t, busy)).toEqual({
      hint: 'Há demasiados pedidos de momento: tente de novo dentro de 5 segundos.',
      canRetry: true,
    });
    await i18next.changeLanguage('en-US');
    const limited = new ApiError(429, { code: 'TOO_MANY_REQUESTS', message: 'slow down' }, '1');
    expect(widgetErrorHint(i18next.t, limited)).toEqual({
      hint: 'Too many requests right now: try again in 1 second.',
      canRetry: true,
    });
    await i18next.changeLanguage('pt-PT');
  });

  it('a result too large: ask for less data, no retry', () => {
    const tooLarge = new ApiError(422, { code: 'RESULT_TOO_LARGE', message: 'too large' });
    expect(widgetErrorHint(i18next.t, tooLarge)).toEqual({
      hint: 'O resultado é demasiado grande para apresentar. Use os filtros para pedir menos dados.',
      canRetry: false,
    });
  });

  it('refused filter values: check the filters', () => {
    const refused = new ApiError(400, {
      code: 'FORM_ERROR',
      hasErrors: true,
      errors: [{ property: 'parameters.ate', error: 'INVALID_PARAMETER' }],
    });
    expect(widgetErrorHint(i18next.t, refused)).toEqual({ hint: 'Verifique os filtros aplicados.', canRetry: false });
  });

  it('a failed query: only the spec’s message', () => {
    expect(widgetErrorHint(i18next.t, new ApiError(400, { code: 'REPORT_QUERY_ERROR' }))).toEqual({ canRetry: false });
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSecondsOf('7')).toBe(7);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSecondsOf('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSecondsOf(null)).toBeUndefined();
    expect(retryAfterSecondsOf('soon')).toBeUndefined();
  });
});

describe('what the editor’s preview tells the widget’s author', () => {
  it('the setting the server refused, and the query’s own error in the server’s words', () => {
    const refused = new ApiError(400, {
      code: 'FORM_ERROR',
      hasErrors: true,
      errors: [{ property: 'widget.nameKey', error: 'INVALID_COLUMN' }],
    });
    expect(widgetErrorHint(i18next.t, refused, true).hint).toBe(i18next.t('errors.INVALID_COLUMN'));
    const failed = new ApiError(400, { code: 'REPORT_QUERY_ERROR', message: 'division by zero' });
    expect(widgetErrorHint(i18next.t, failed, true)).toEqual({ hint: 'division by zero', canRetry: false });
    expect(widgetErrorHint(i18next.t, failed)).toEqual({ canRetry: false });
  });
});
