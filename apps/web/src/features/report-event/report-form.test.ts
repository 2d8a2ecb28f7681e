import { ZEventRequestInput } from '@mip/shared';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import { issuesOf, toReportErrors } from './report-form';

beforeAll(initTestI18n);

describe('the report form', () => {
  it("says the spec's sentences for every missing field, checked with the server's own schema", () => {
    const checked = ZEventRequestInput.safeParse({ participantName: '  ', title: '', description: '' });
    expect(checked.success).toBe(false);
    const errors = toReportErrors(i18next.t, checked.error ? issuesOf(checked.error) : []);
    expect(errors).toEqual({
      categoryId: 'Deve indicar uma categoria de ocorrência',
      participantName: 'Deve indicar o seu nome',
      participantEmail: 'Deve indicar o seu email',
      title: 'Deve indicar um assunto que descreva resumidamente a ocorrência',
      description: 'Deve indicar uma descrição resumida da ocorrência que está a reportar',
    });
  });

  it("maps the server's codes the same way, in English too, and a photo's problem to the photos", async () => {
    await i18next.changeLanguage('en-US');
    expect(
      toReportErrors(i18next.t, [
        { property: 'participantName', error: 'MISSING_PARTICIPANT_NAME' },
        { property: 'images[1].contents', error: 'FILE_TOO_LARGE' },
      ]),
    ).toMatchObject({ participantName: 'You must enter your name', images: expect.any(String) });
    await i18next.changeLanguage('pt-PT');
  });
});
