import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseLanguage,
  chooseOption,
  closeNotifications,
  expect,
  MOBILE,
  readMails,
  signIn,
  test,
} from '../support/fixtures.ts';

const BOM = '\uFEFF';
const OCCURRENCES = 'Ocorrências registadas';
const PASSINGS = 'Passagens por paragem e linha';

/** The CSV a download saved: UTF-8 with a byte order mark, split into lines. */
async function csvLinesOf(download: Download): Promise<string[]> {
  const text = readFileSync((await download.path()) as string, 'utf8');
  expect(text.startsWith(BOM), 'a BOM, so Excel reads the accents').toBe(true);
  return text.slice(1).split('\r\n').filter(Boolean);
}

async function openReports(page: Page) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Relatórios' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: OCCURRENCES })).toBeVisible();
}

test.describe('reports', () => {
  test('a report generated on demand downloads as a CSV with its rows', async ({ page }) => {
    await signIn(page, ACCOUNTS.operator);
    await openReports(page);
    await expect(page.getByRole('heading', { name: 'Outros' })).toBeVisible();
    await capture(page, 'reports-pt-PT');

    await page.getByRole('button', { name: `Gerar ${OCCURRENCES}` }).click();
    const dialog = page.getByRole('dialog', { name: `Gerar «${OCCURRENCES}»` });
    await dialog.getByRole('button', { name: 'Gerar relatório' }).click();
    await expect(dialog.getByText('Deve indicar um valor para o parâmetro')).toBeVisible();
    await dialog.getByLabel(/^Desde/).fill('01-01-2020');
    await dialog.getByLabel(/^Desde/).blur();
    await closeNotifications(page);
    await capture(page, 'report-generate-pt-PT');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Gerar relatório' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Ocorrências registadas-\d{8}-\d{4}\.csv$/);
    const lines = await csvLinesOf(download);
    expect(lines[0]).toBe('N.º,Título,Categoria,Estado,Prioridade,Início,Fim,Entidade');
    expect(lines.length).toBeGreaterThan(1);
    await expect(page.getByText('Relatório gerado e descarregado')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('an async report shows its progress, then its file', async ({ page }) => {
    await signIn(page, ACCOUNTS.operator);
    await openReports(page);
    await page.getByRole('button', { name: `Gerar ${PASSINGS}` }).click();
    const dialog = page.getByRole('dialog', { name: `Gerar «${PASSINGS}»` });
    await expect(dialog.getByText('gerado em segundo plano', { exact: false })).toBeVisible();
    await chooseOption(page, dialog.getByRole('combobox', { name: /^Rede/ }), 'Metro do Porto');
    await dialog.getByRole('button', { name: 'Gerar relatório' }).click();

    // The bar follows the job until the file is there.
    await expect(dialog.getByRole('progressbar', { name: `Progresso de «${PASSINGS}»` })).toBeVisible();
    await expect(dialog.getByText('O relatório está pronto e foi guardado nos seus ficheiros pessoais.')).toBeVisible({
      timeout: 30_000,
    });
    await capture(page, 'report-async-done-pt-PT');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Descarregar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Passagens por paragem e linha-\d{8}-\d{4}\.csv$/);
    expect((await csvLinesOf(download))[0]).toBe('Paragem,Linha,Passagens,Primeira,Última');
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();

    const recent = page.getByRole('table', { name: 'As minhas gerações recentes' });
    await expect(recent.getByRole('row').filter({ hasText: PASSINGS }).first()).toContainText('Pronto');
    await capture(page, 'reports-recent-pt-PT');
  });

  test('a schedule, generated now, reaches the notifications, the personal files and the subscriber by email', async ({
    page,
    request,
  }) => {
    // The administrator sees every entity, so may send the report to anyone.
    await signIn(page, ACCOUNTS.admin);
    await openReports(page);
    await page.getByRole('link', { name: `Agendar ${OCCURRENCES}` }).click();
    await expect(page).toHaveURL(/\/reports\/schedules\/create\?templateId=\d+$/);
    await expect(page.getByRole('combobox', { name: /^Relatório/ })).toHaveValue(OCCURRENCES);

    await page.getByRole('button', { name: 'Criar agendamento' }).click();
    await expect(page.getByText('Deve indicar um valor para o parâmetro')).toBeVisible();
    await page.getByLabel(/^Desde/).fill('01-01-2020');
    await chooseOption(page, page.getByRole('combobox', { name: /^Periodicidade/ }), 'Semanalmente');
    await chooseOption(page, page.getByRole('combobox', { name: /^Dia da semana/ }), 'Segunda-feira');
    // Typed as a person types it, from a click in the hours: the minutes follow once the hour is whole.
    await page.getByRole('spinbutton', { name: 'Hora (horas)' }).click();
    await page.keyboard.type('0730');
    await expect(page.getByTestId('next-generation')).toHaveText(/^\d{2}-\d{2}-\d{4} 07:30 \(hora de Lisboa\)$/);
    await expect(page.getByText('Segunda-feira às 07:30, todas as semanas')).toBeVisible();
    await chooseOption(
      page,
      page.getByRole('combobox', { name: /^Destinatários por email/ }),
      `${ACCOUNTS.readOnly.name} (${ACCOUNTS.readOnly.email})`,
      'Rui',
    );
    await closeNotifications(page);
    await capture(page, 'report-schedule-form-pt-PT');

    await page.getByRole('button', { name: 'Criar agendamento' }).click();
    await expect(page.getByText(`Agendamento de ${OCCURRENCES} criado`)).toBeVisible();
    await expect(page).toHaveURL(/\/reports\/schedules\/\d+$/);
    await closeNotifications(page);

    // Generate now: followed to its file.
    await page.getByRole('button', { name: `Gerar agora ${OCCURRENCES}` }).click();
    const dialog = page.getByRole('dialog', { name: `Gerar «${OCCURRENCES}»` });
    await expect(dialog.getByText('O relatório está pronto', { exact: false })).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();

    // The bell counts the notification; it leads to the file.
    const bell = page.getByRole('link', { name: /^Notificações: \d+ por ler$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    const notification = page
      .getByRole('article')
      .filter({ hasText: `Relatório pronto: ${OCCURRENCES}` })
      .first();
    await expect(notification).toContainText('Por ler');
    await capture(page, 'notifications-pt-PT');
    await notification.getByRole('button', { name: `Ver ficheiros: Relatório pronto: ${OCCURRENCES}` }).click();
    await expect(page).toHaveURL(/\/personal\/files$/);
    const row = page.getByRole('row').filter({ hasText: OCCURRENCES }).first();
    await expect(row).toBeVisible();
    await capture(page, 'personal-files-pt-PT');
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Descarregar Ocorrências registadas-/ }).click();
    const lines = await csvLinesOf(await downloading);
    expect(lines[0]).toBe('N.º,Título,Categoria,Estado,Prioridade,Início,Fim,Entidade');

    // The search lives in the address: /personal/files/{fileUniversalSearch}.
    await page.goto('/personal/files/ocorrencias');
    await expect(page.getByRole('row').filter({ hasText: OCCURRENCES }).first()).toBeVisible();
    await page.goto('/personal/files/nada-com-este-nome');
    await expect(page.getByText('Nenhum ficheiro tem este nome.')).toBeVisible();

    // The subscriber got the file by email, in their language.
    await expect
      .poll(async () =>
        (await readMails(request)).some(
          (mail) =>
            mail.to.includes(ACCOUNTS.readOnly.email) && mail.subject.startsWith(`Relatório «${OCCURRENCES}» de`),
        ),
      )
      .toBe(true);
    const mail = (await readMails(request))
      .filter((message) => message.to.includes(ACCOUNTS.readOnly.email))
      .findLast((message) => message.subject.startsWith(`Relatório «${OCCURRENCES}»`));
    expect(mail?.text).toContain(`Olá ${ACCOUNTS.readOnly.name}`);
    expect(mail?.text).toContain(`pelo agendamento de ${ACCOUNTS.admin.name}`);
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail?.attachments[0];
    expect(attachment?.filename).toMatch(/^Ocorrências registadas-\d{8}-\d{4}\.csv$/);
    expect(attachment?.contentType).toBe('text/csv; charset=utf-8');
    const attached = Buffer.from(attachment?.content ?? '', 'base64').toString('utf8');
    expect(attached.startsWith(BOM)).toBe(true);
    expect(attached.slice(1).split('\r\n')[0]).toBe('N.º,Título,Categoria,Estado,Prioridade,Início,Fim,Entidade');

    // The administrator's own schedules, then everyone's: the operator's too.
    await page.goto('/reports/schedules');
    const scheduleRow = page.getByRole('row').filter({ hasText: OCCURRENCES }).first();
    await expect(scheduleRow).toContainText('Segunda-feira às 07:30, todas as semanas');
    await expect(scheduleRow).toContainText(ACCOUNTS.readOnly.name);
    await capture(page, 'report-schedules-pt-PT');

    const operator = await apiAs(request, ACCOUNTS.operator);
    const templates = await (await operator.get('/api/report-templates/search?universalSearch=passagens')).json();
    const created = await operator.post('/api/report-schedules', {
      templateId: templates.content[0].id,
      format: 'XLSX',
      parameters: {
        rede: (
          await (await operator.get('/api/query-parameters/options?type=MOBILITY_GROUP&universalSearch=metro')).json()
        )[0].value,
      },
      recurrence: 'MONTHLY',
      dayOfMonth: 31,
      recurringTime: '23:15',
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    await page.getByText('Todos os agendamentos', { exact: true }).click();
    const everyone = page.getByRole('table', { name: 'Todos os agendamentos' });
    await expect(everyone.getByRole('row').filter({ hasText: ACCOUNTS.operator.name }).first()).toContainText(
      'Dia 31 de cada mês às 23:15',
    );
    await capture(page, 'report-schedules-all-pt-PT');
  });

  test('a manager writes a template after its errors are shown, in English and on a phone too', async ({
    page,
    request,
  }) => {
    await signIn(page, ACCOUNTS.admin, '/reports/templates');
    await expect(page.getByRole('link', { name: OCCURRENCES, exact: true })).toBeVisible();
    await capture(page, 'report-templates-pt-PT');

    await page.getByRole('link', { name: 'Novo modelo' }).first().click();
    await page.getByRole('button', { name: 'Acrescentar parâmetro' }).click();
    await page.getByRole('button', { name: 'Criar modelo' }).click();
    await expect(page.getByText('Indique o nome', { exact: true })).toBeVisible();
    await expect(page.getByText('Indique a consulta SQL')).toBeVisible();
    await expect(page.getByText('Indique o nome da variável')).toBeVisible();
    await expect(page.getByText('Indique a etiqueta')).toBeVisible();

    await page.getByLabel(/^Nome/).first().fill('Utilizadores por entidade');
    await chooseOption(page, page.getByRole('combobox', { name: /^Categoria/ }), 'Outros');
    const query = page.getByRole('textbox', { name: 'Consulta', exact: true });
    await query.fill('select nome from tabela_que_nao_existe');
    const parameter = page.getByRole('group', { name: /^Parâmetro/ });
    await parameter.getByLabel(/^Nome da variável/).fill('so_ativos');
    await parameter.getByLabel(/^Etiqueta/).fill('Só utilizadores ativos');
    await parameter.getByRole('combobox', { name: /^Tipo/ }).click();
    await page
      .getByRole('option', { name: /^Opção/ })
      .first()
      .click();
    await parameter.getByLabel(/^Consulta parcial/).fill("and u.status = 'ACTIVE'");
    await page.getByRole('button', { name: 'Criar modelo' }).click();
    await expect(page.getByTestId('query-error-detail')).toContainText('tabela_que_nao_existe');
    await query.fill(
      'select e.name as "Entidade", count(u.id)::int as "Utilizadores"\n  from entities e left join users u on u.entity_id = e.id {{so_ativos}}\n where e.id = any(:caller_entity_ids)\n group by e.name order by 1',
    );
    await page.getByRole('button', { name: 'Criar modelo' }).click();
    await expect(page.getByText('Modelo Utilizadores por entidade criado')).toBeVisible();
    await expect(page).toHaveURL(/\/reports\/templates\/\d+$/);
    await closeNotifications(page);
    await capture(page, 'report-template-form-pt-PT');

    // A generator who is not in the template's way sees it among the reports, without its SQL.
    const reader = await apiAs(request, ACCOUNTS.readOnly);
    const seen = await (await reader.get('/api/report-templates/search?universalSearch=utilizadores')).json();
    expect(seen.content).toEqual([expect.objectContaining({ name: 'Utilizadores por entidade' })]);
    expect(seen.content[0]).not.toHaveProperty('query');

    // In English, on a phone.
    await chooseLanguage(page, 'English');
    await page.setViewportSize(MOBILE);
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Others' })).toBeVisible();
    await capture(page, 'reports-mobile-en-US');
    await page.getByRole('button', { name: 'Generate Utilizadores por entidade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate "Utilizadores por entidade"' });
    await dialog.getByRole('checkbox', { name: 'Só utilizadores ativos' }).check();
    await capture(page, 'report-generate-mobile-en-US');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Generate report' }).click();
    const lines = await csvLinesOf(await downloading);
    expect(lines[0]).toBe('Entidade,Utilizadores');
    expect(lines.length).toBeGreaterThan(1);
    await page.goto('/reports/schedules');
    await capture(page, 'report-schedules-mobile-en-US');
    await page.goto('/notifications');
    await capture(page, 'notifications-mobile-en-US');
  });
});
