import { changePasswordInputFor, setPasswordInputFor } from '@mip/shared';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../i18n/test-i18n';
import { validateWithSchema } from './zod-form';

beforeAll(initTestI18n);

describe('the new password fields', () => {
  const owner = { name: 'Marta Sousa', email: 'metro@mobilidade.example' };
  const twice = (password: string) => ({ newPassword: password, confirmPassword: password });

  it("refuse the owner's name or email before anything is sent, in both languages", async () => {
    await i18next.changeLanguage('pt-PT');
    expect(validateWithSchema(i18next.t, setPasswordInputFor(owner), twice('Sousa-Azul-77'))).toEqual({
      newPassword: 'A palavra-passe não pode conter o seu nome nem o seu email.',
    });
    await i18next.changeLanguage('en-US');
    const change = { oldPassword: 'Anything-1', ...twice('Linha-METRO-7') };
    expect(validateWithSchema(i18next.t, changePasswordInputFor(owner), change)).toEqual({
      newPassword: 'The password must not contain your name or your email.',
    });
    await i18next.changeLanguage('pt-PT');
  });

  it('accept a password with nothing of the owner', () => {
    expect(validateWithSchema(i18next.t, setPasswordInputFor(owner), twice('Linha-Amarela-2025'))).toEqual({});
  });

  it('say what the rule is, the new part included', () => {
    expect(i18next.t('password.rule', { min: 6, max: 25 })).toContain('sem o seu nome nem o seu email');
  });
});
