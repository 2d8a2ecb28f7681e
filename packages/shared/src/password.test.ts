import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.ts';

/** A password with every character class, padded with letters that spell no common word. */
function passwordOfLength(length: number): string {
  return `Kv9#${'mbrtzwqplkjhgfdsnxcvmbrtzwq'.slice(0, length - 4)}`;
}

describe('checkPassword', () => {
  it('accepts a password with an uppercase, a lowercase, a digit and a symbol', () => {
    expect(checkPassword('Tr4ms-e-Metro!')).toBeNull();
  });

  it.each([
    ['an uppercase letter', 'kv9#mbrtz'],
    ['a lowercase letter', 'KV9#MBRTZ'],
    ['a digit', 'Kvx#mbrtz'],
    ['a non-alphanumeric character', 'Kv9xmbrtz'],
  ])('rejects a password without %s with FORM_PASSWORD_ERROR', (_missing, password) => {
    expect(checkPassword(password)).toBe('FORM_PASSWORD_ERROR');
  });

  it('takes lengths 6 to 25 and refuses 5 and 26', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(PASSWORD_MAX_LENGTH).toBe(25);
    expect(passwordOfLength(5)).toHaveLength(5);
    expect(passwordOfLength(26)).toHaveLength(26);
    expect(checkPassword(passwordOfLength(5))).toBe('FORM_PASSWORD_ERROR');
    expect(checkPassword(passwordOfLength(6))).toBeNull();
    expect(checkPassword(passwordOfLength(25))).toBeNull();
    expect(checkPassword(passwordOfLength(26))).toBe('FORM_PASSWORD_ERROR');
  });

  it('counts characters as people see them, so accented letters and emoji count once', () => {
    const accented = `Çá9#${'é'.repeat(21)}`;
    expect([...accented]).toHaveLength(25);
    expect(checkPassword(accented)).toBeNull();
    expect(checkPassword(`Kvmb9${'😀'.repeat(20)}`)).toBeNull();
    expect(checkPassword(`Kvmb9${'😀'.repeat(21)}`)).toBe('FORM_PASSWORD_ERROR');
  });

  it.each(['Password1!', 'P@ssw0rd1', 'Qwerty123!', 'Benfica1!', 'Portugal2024!', 'Sporting#7'])(
    'rejects the well-known %s with PASSWORD_TOO_COMMON',
    (password) => {
      expect(checkPassword(password)).toBe('PASSWORD_TOO_COMMON');
    },
  );

  it('rejects a password whose letters are only a few characters long', () => {
    expect(checkPassword('Ab1!2345')).toBe('PASSWORD_TOO_COMMON');
  });
});

describe('checkPassword for a known owner', () => {
  const owner = { name: 'Ana Conceição Ferreira', email: 'ana.ferreira@cm-porto.example' };

  it.each([
    ['a name word', 'Ferreira-77!'],
    ['a name word in another case', 'x9#FERREIRAx'],
    ['a name word without its accents', 'Conceicao#2024'],
    ['a name word with accents its owner left out', 'Kv9#ferreíra'],
    ['the email local part', 'X9!anaferreira'],
    ['the email local part with its dot', 'Ana.Ferreira9!'],
    ['a name split by a symbol', 'Ferr-eira-1Q'],
  ])('refuses %s with PASSWORD_CONTAINS_PERSONAL_DATA', (_case, password) => {
    expect(checkPassword(password, owner)).toBe('PASSWORD_CONTAINS_PERSONAL_DATA');
  });

  it('leaves out name words under 4 letters, so Ana does not refuse every banana', () => {
    expect(checkPassword('Banana-Azul-7', owner)).toBeNull();
    expect(checkPassword('Banana-Azul-7', { name: 'Rui Sá', email: 'rui@test.example' })).toBeNull();
  });

  it('refuses the whole email local part even when its pieces are short', () => {
    expect(checkPassword('Kv9#Ana-Rui', { name: 'X', email: 'ana.rui@test.example' })).toBe(
      'PASSWORD_CONTAINS_PERSONAL_DATA',
    );
  });

  it('does not look at the email domain', () => {
    expect(checkPassword('Porto-Azul-7!', owner)).toBeNull();
  });

  it('reports the composition rule first', () => {
    expect(checkPassword('ferreira', owner)).toBe('FORM_PASSWORD_ERROR');
  });

  it('accepts a password with nothing of its owner', () => {
    expect(checkPassword('Tr4ms-e-Metro!', owner)).toBeNull();
    expect(checkPassword('Tr4ms-e-Metro!', {})).toBeNull();
  });
});
