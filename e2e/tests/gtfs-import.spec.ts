import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { zipFolder } from '../../apps/server/test/zip-writer.ts';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseFromList,
  chooseLanguage,
  chooseOption,
  closeNotifications,
  expect,
  MOBILE,
  signIn,
  test,
} from '../support/fixtures.ts';

const SERVER = path.join(import.meta.dirname, '..', '..', 'apps', 'server');
/** Metro do Porto's official feed, the demo network (licence beside it): 64 285 stop times. */
const DEMO_FEED = path.join(SERVER, 'reference', 'gtfs', 'metro-porto-2025.zip');
/** A feed of the test corpus with text that is not UTF-8 (INVALID_ENCODING, the report's longest words). */
const BAD_TEXT = path.join(SERVER, 'test', 'fixtures', 'gtfs', 'invalid', 'bad_utf8');

/** A number as pt-PT writes it from 10 000 up: groups of three split by a (no-break) space. */
const GROUPED = String.raw`\d{1,3}(?:\s\d{3})+`;

async function createGroup(request: Parameters<typeof apiAs>[0], name: string) {
  const api = await apiAs(request, ACCOUNTS.admin);
  const created = await api.post('/api/mobility-system-groups', { name, type: 'STATIC', layerType: 'DEFAULT_LAYERS' });
  expect(created.ok(), await created.text()).toBeTruthy();
}

/** The upload form, filled and sent; answers the panel of the job it starts. */
async function uploadFeed(
  page: Page,
  groupName: string,
  file: string | { name: string; mimeType: string; buffer: Buffer },
): Promise<Locator> {
  await chooseOption(page, page.getByRole('combobox', { name: /^Grupo/ }), groupName, groupName);
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Carregar e verificar' }).click();
  const fileName = typeof file === 'string' ? path.basename(file) : file.name;
  return page.getByRole('region', { name: new RegExp(`Importação de ${fileName.replace('.', '\\.')}`) });
}

/** Whether the text of a badge shows whole, not cut with an ellipsis to fit its cell. */
const isCut = (badge: Locator) =>
  badge.evaluate((element) => {
    const label = element.querySelector('[class*="Badge-label"]') ?? element;
    return label.scrollWidth > label.clientWidth;
  });

test.describe('GTFS import screen', () => {
  test('imports the demo feed: the finished import says Concluído with every row, numbers and days written one way', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const groupName = `Metro (e2e ${Date.now().toString(36)})`;
    await createGroup(request, groupName);
    await signIn(page, ACCOUNTS.admin, '/import-gtfs');
    const panel = await uploadFeed(page, groupName, DEMO_FEED);

    await expect(panel.getByText('A aguardar confirmação')).toBeVisible({ timeout: 120_000 });
    const warningBadge = panel.getByText(/^\d+ avisos?$/);
    const warnings = Number((await warningBadge.textContent())?.split(' ')[0]);
    // The feed holds 64 285 stop times: written as pt-PT writes numbers, in the table and in the report alike.
    await expect(
      panel.getByRole('table', { name: 'No ficheiro' }).getByRole('row', { name: /Horários de passagem/ }),
    ).toHaveText(new RegExp(`^Horários de passagem${GROUPED}$`));

    await panel.getByRole('button', { name: 'Importar', exact: true }).click();
    // The toast says the import was asked for; where it stands is the card's to say.
    await expect(page.getByText('Importação confirmada')).toBeVisible();
    await expect(panel.getByText('Importado', { exact: true })).toBeVisible({ timeout: 120_000 });

    // Done, with every row it loaded.
    await expect(panel.getByText('Concluído', { exact: true })).toBeVisible();
    const rows = panel.getByText(new RegExp(`^${GROUPED} de ${GROUPED} linhas$`));
    const [done, total] = ((await rows.textContent()) ?? '').replace(' linhas', '').split(' de ');
    expect(done).toBe(total);
    await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(panel.getByText(new RegExp(`viagens e ${GROUPED} horários de passagem`))).toBeVisible();
    // Days as the rest of the app writes them, never as the server sends them.
    await expect(panel.getByText(/^Serviço de \d{2}-\d{2}-\d{4} a \d{2}-\d{2}-\d{4}$/)).toBeVisible();
    expect(await panel.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // The history counts what the report counted.
    const history = page.getByRole('table', { name: 'Importações de ficheiros GTFS' });
    const row = history.getByRole('row').filter({ hasText: groupName });
    await expect(row).toContainText('Importado');
    await expect(row).toContainText(`0 / ${warnings}`);
    await expect(row).toContainText(/\d{2}-\d{2}-\d{4} – \d{2}-\d{2}-\d{4}/);
    await closeNotifications(page);
    await capture(page, 'gtfs-import-demo-done-pt-PT');

    await page.setViewportSize(MOBILE);
    await chooseLanguage(page, 'English');
    const english = page.getByRole('region', { name: /^Import of metro-porto-2025\.zip/ });
    await expect(english.getByText('Done', { exact: true })).toBeVisible();
    await expect(english.getByText(/^\d{1,3}(,\d{3})+ of \d{1,3}(,\d{3})+ rows$/)).toBeVisible();
    await capture(page, 'gtfs-import-demo-done-mobile-en-US');
    await chooseFromList(
      page,
      () => page.getByRole('button', { name: 'Language' }).click(),
      page.getByRole('menuitem', { name: 'Português' }),
    );
  });

  test('a feed with errors: at 1366 px every badge shows whole, and the history counts what the report counted', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const groupName = `Texto inválido (e2e ${Date.now().toString(36)})`;
    await createGroup(request, groupName);
    await signIn(page, ACCOUNTS.admin, '/import-gtfs');
    const panel = await uploadFeed(page, groupName, {
      name: 'texto-invalido.zip',
      mimeType: 'application/zip',
      buffer: zipFolder(BAD_TEXT),
    });

    await expect(panel.getByText('Com erros', { exact: true })).toBeVisible({ timeout: 60_000 });
    const report = panel.getByRole('table', { name: 'Relatório de validação' });
    await expect(report).toContainText('não são UTF-8 válido');
    const severities = report.locator('tbody tr td:first-child .mantine-Badge-root');
    await expect(severities.first()).toHaveText('Erro');
    for (const badge of await severities.all())
      expect(await isCut(badge), (await badge.textContent()) ?? undefined).toBe(false);
    expect(await isCut(panel.getByText('Com erros', { exact: true }))).toBe(false);

    const errors = Number(((await panel.getByText(/^\d+ erros?$/).textContent()) ?? '').split(' ')[0]);
    const warnings = Number(((await panel.getByText(/^\d+ avisos?$/).textContent()) ?? '').split(' ')[0]);
    expect(errors).toBeGreaterThan(0);
    const row = page
      .getByRole('table', { name: 'Importações de ficheiros GTFS' })
      .getByRole('row')
      .filter({ hasText: groupName });
    await expect(row).toContainText(`${errors} / ${warnings}`);
    await capture(page, 'gtfs-import-errors-1366-pt-PT');
  });
});
