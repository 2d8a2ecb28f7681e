import { ACCOUNTS, capture, chooseLanguage, expect, MOBILE, signIn, test } from '../support/fixtures.ts';

test.describe('the date input', () => {
  test('a date is typed with its dashes added, a wrong one is cleared on leaving, and the calendar picks one', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin, '/audit');
    await page.getByRole('button', { name: 'Filtros' }).click();
    const period = page.getByRole('group', { name: 'Período' });
    const from = period.getByRole('textbox', { name: 'De', exact: true });
    const to = period.getByRole('textbox', { name: 'Até', exact: true });
    await expect(from).toHaveAttribute('placeholder', 'DD-MM-AAAA');

    await from.pressSequentially('01022025');
    await expect(from).toHaveValue('01-02-2025');
    await from.blur();
    await expect(from).toHaveValue('01-02-2025');
    await expect(page.getByTestId('filter-badges')).toContainText('Período: desde 01-02-2025');
    await capture(page, 'date-input-audit-pt-PT');

    // 30 or 31 February does not exist: flagged once typed, cleared once the field is left.
    await from.fill('');
    await from.pressSequentially('31-02-2025');
    await expect(from).toHaveValue('31-02-2025');
    await expect(period).toContainText('31-02-2025 não é uma data válida (DD-MM-AAAA).');
    await from.blur();
    await expect(from).toHaveValue('');
    await expect(page.getByTestId('filter-badges')).toHaveCount(0);
    await capture(page, 'date-input-invalid-pt-PT');

    // 29 February only in leap years; the audit log refuses days still to come.
    await from.pressSequentially('29022024');
    await from.blur();
    await expect(from).toHaveValue('29-02-2024');
    await to.pressSequentially('01022099');
    await expect(period).toContainText('01-02-2099: a data não pode ser posterior a hoje.');
    await to.blur();
    await expect(to).toHaveValue('');
    // "To" cannot come before "from".
    await to.pressSequentially('28022024');
    await expect(period).toContainText('28-02-2024: a data não pode ser anterior a 29-02-2024.');
    await to.press('Enter');
    await expect(to).toHaveValue('');

    // Or picked on the calendar, which opens on the month of "from" for "to"'s lower bound.
    await period.getByRole('button', { name: 'Escolher no calendário: Até' }).click();
    const calendar = page.getByRole('dialog', { name: 'Escolher no calendário: Até' });
    await expect(calendar).toBeVisible();
    await capture(page, 'date-input-calendar-pt-PT');
    await calendar.getByRole('button', { name: 'Mês seguinte' }).click();
    await calendar.getByRole('button', { name: /^10 / }).click();
    await expect(calendar).toBeHidden();
    await expect(to).toHaveValue('10-03-2024');
    await expect(page.getByTestId('filter-badges')).toContainText('Período: 29-02-2024 a 10-03-2024');

    await period.getByRole('button', { name: 'Limpar: De' }).click();
    await expect(from).toHaveValue('');
    await expect(page.getByTestId('filter-badges')).toContainText('Período: até 10-03-2024');
  });

  test('in English and on a phone', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, 'English');
    await page.goto('/audit');
    await page.getByRole('button', { name: 'Filters' }).click();
    const period = page.getByRole('group', { name: 'Period' });
    const from = period.getByRole('textbox', { name: 'From', exact: true });
    await expect(from).toHaveAttribute('placeholder', 'DD-MM-YYYY');
    await from.pressSequentially('01/02/2025');
    await expect(from).toHaveValue('01-02-2025');
    await period.getByRole('button', { name: 'Choose on the calendar: To' }).click();
    await expect(page.getByRole('dialog', { name: 'Choose on the calendar: To' })).toBeVisible();
    await capture(page, 'date-input-calendar-en-US');
    await page.keyboard.press('Escape');

    await page.setViewportSize(MOBILE);
    const to = period.getByRole('textbox', { name: 'To', exact: true });
    await to.pressSequentially('31-02-2025');
    await to.blur();
    await expect(to).toHaveValue('');
    await expect(period).toContainText('31-02-2025 is not a valid date (DD-MM-YYYY).');
    await capture(page, 'date-input-mobile-en-US');
  });
});
