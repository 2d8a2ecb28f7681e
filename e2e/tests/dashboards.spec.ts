import { readFileSync, statSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
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
  openFromMenu,
  signIn,
  test,
} from '../support/fixtures.ts';

/** Events counted by priority; the priorities are a filter, and a mandatory minimum count. */
const QUERY = `select e.priority as "Prioridade", count(*)::int as "Ocorrências"
  from events e
 where true {{prioridades}}
 group by e.priority
having count(*) >= :minimo
 order by 2 desc, 1`;

const PRIORITY_LABELS: Record<string, string> = { LOW: 'Baixa', NORMAL: 'Normal', HIGH: 'Alta', CRITICAL: 'Crítica' };

/** Picks an option of a Mantine select (searchable or not) named by its label. */
function choose(scope: Page | Locator, page: Page, label: string | RegExp, option: string) {
  return chooseOption(page, scope.getByRole('combobox', { name: label }), option);
}

async function addWidget(page: Page, type: string) {
  await chooseFromList(
    page,
    () => page.getByRole('button', { name: 'Acrescentar widget' }).click(),
    page.getByRole('menuitem', { name: type, exact: true }),
  );
}

test.describe('data sources and dashboards', () => {
  test('a data source is written and previewed, drawn as a pie, a bar and a table, filtered, downloaded and shown to visitors', async ({
    page,
    request,
    browser,
  }) => {
    // One path a person takes from an empty form to a public dashboard, in two languages, each screen judged by
    // axe in both colour schemes: longer than most.
    test.setTimeout(360_000);
    const stamp = Date.now().toString(36);
    const sourceName = `Ocorrências por prioridade ${stamp}`;
    const dashboardName = `Prioridades ${stamp}`;
    await signIn(page, ACCOUNTS.admin);

    // The data source, through its form: a broken query first, then the right one with its parameters.
    await openFromMenu(page, 'Configurações', 'Fontes de dados');
    await expect(page).toHaveURL(/\/data-sources$/);
    await page.getByRole('link', { name: 'Nova fonte de dados' }).first().click();
    await page.getByRole('button', { name: 'Criar fonte de dados' }).click();
    await expect(page.getByText('Indique a consulta SQL')).toBeVisible();
    await closeNotifications(page);

    await page.getByLabel(/^Nome/).fill(sourceName);
    const query = page.getByRole('textbox', { name: 'Consulta', exact: true });
    await query.fill('select prioridade from eventos_que_nao_existem');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Não foi possível pré-visualizar a consulta' }),
    ).toContainText('eventos_que_nao_existem');
    await query.fill(QUERY);

    await page.getByRole('button', { name: 'Acrescentar parâmetro' }).click();
    const first = page.getByRole('group', { name: /^Parâmetro / }).nth(0);
    await first.getByLabel(/^Nome da variável/).fill('prioridades');
    await first.getByLabel(/^Etiqueta/).fill('Prioridades');
    await choose(first, page, /^Tipo/, 'Prioridade de ocorrência');
    await first.getByRole('checkbox', { name: 'Vários valores' }).check();
    await first.getByLabel(/^Consulta parcial/).fill('and e.priority = any(:prioridades)');
    await page.getByRole('button', { name: 'Acrescentar parâmetro' }).click();
    const second = page.getByRole('group', { name: /^Parâmetro / }).nth(1);
    await second.getByLabel(/^Nome da variável/).fill('minimo');
    await second.getByLabel(/^Etiqueta/).fill('Mínimo de ocorrências');
    await choose(second, page, /^Tipo/, 'Número inteiro');
    await second.getByRole('checkbox', { name: 'Obrigatório' }).check();

    // The preview asks for the mandatory value, then shows the rows.
    const preview = page.locator('section', { has: page.getByRole('heading', { name: 'Pré-visualização' }) });
    await preview.getByRole('button', { name: 'Pré-visualizar' }).click();
    await expect(preview.getByText('Deve indicar um valor para o parâmetro')).toBeVisible();
    await preview.getByLabel(/^Mínimo de ocorrências/).fill('1');
    await preview.getByRole('button', { name: 'Pré-visualizar' }).click();
    const previewTable = preview.getByRole('table', { name: 'Resultado da pré-visualização' });
    await expect(previewTable).toBeVisible();
    await expect(preview.getByText('Colunas: Prioridade, Ocorrências')).toBeVisible();
    const firstPriority =
      (await previewTable.locator('tbody tr').first().locator('td').first().textContent())?.trim() ?? '';
    expect(Object.keys(PRIORITY_LABELS)).toContain(firstPriority);
    await capture(page, 'data-source-form-pt-PT');

    await page.getByRole('button', { name: 'Criar fonte de dados' }).click();
    await expect(page.getByText(`Fonte de dados ${sourceName} criada`)).toBeVisible();
    await expect(page).toHaveURL(/\/data-sources\/\d+$/);
    await page.goto('/data-sources');
    await expect(page.getByRole('row').filter({ hasText: sourceName })).toContainText('Prioridade, Ocorrências');
    await closeNotifications(page);
    await capture(page, 'data-sources-pt-PT');

    // The dashboard: its name is required, then a pie, a bar and a table from the source.
    await page.goto('/dashboards');
    await page.getByRole('link', { name: 'Novo dashboard' }).first().click();
    await page.getByRole('button', { name: 'Criar dashboard' }).click();
    await expect(page.getByText('Deve indicar um nome')).toBeVisible();
    await closeNotifications(page);
    await page.getByLabel(/^Nome/).fill(dashboardName);
    await page.getByLabel(/^Descrição/).fill('Ocorrências por prioridade, para o teste de ponta a ponta.');
    await choose(page, page, /^Estado/, 'Ativo');
    await page.getByRole('switch', { name: /^Público/ }).check();

    await addWidget(page, 'Gráfico circular');
    const pie = page.getByTestId('widget-editor-0');
    // The preview comes first and the settings below it: from its first message to its chart, it keeps its
    // height, so what the person is about to click in the settings does not move under the pointer.
    const settingsBelowPreview = async () => {
      const [preview, title] = await Promise.all([
        pie.getByTestId('widget-preview').boundingBox(),
        pie.getByLabel(/^Título/).boundingBox(),
      ]);
      return Math.round((title?.y ?? 0) - (preview?.y ?? 0));
    };
    await expect(pie.getByText('Preencha os campos obrigatórios deste widget para o pré-visualizar.')).toBeVisible();
    const settingsAtFirst = await settingsBelowPreview();
    await pie.getByLabel(/^Título/).fill('Por prioridade');
    await choose(pie, page, /^Ecrã grande/, 'Metade (6/12)');
    await choose(pie, page, /^Fonte de dados/, sourceName);
    await pie.getByLabel(/^Mínimo de ocorrências/).fill('1');
    await choose(pie, page, /^Coluna dos nomes/, 'Prioridade');
    await choose(pie, page, /^Coluna dos valores/, 'Ocorrências');
    await pie.getByRole('switch', { name: 'Mostrar percentagens' }).check();
    await pie.getByRole('switch', { name: 'Permitir ver como tabela' }).check();
    await pie.getByRole('switch', { name: 'Permitir descarregar a imagem' }).check();
    await expect(pie.getByRole('img', { name: /^Gráfico circular «Por prioridade»/ })).toBeVisible();
    expect(await settingsBelowPreview()).toBe(settingsAtFirst);

    // A bar without its columns is refused on its own fields, and its panel says so.
    await addWidget(page, 'Gráfico de barras');
    const bar = page.getByTestId('widget-editor-1');
    await bar.getByLabel(/^Título/).fill('Barras por prioridade');
    await choose(bar, page, /^Ecrã grande/, 'Metade (6/12)');
    await choose(bar, page, /^Fonte de dados/, sourceName);
    await bar.getByLabel(/^Mínimo de ocorrências/).fill('1');
    // The bar fixes both parameters, so its viewers have nothing left to filter.
    await choose(bar, page, /^Prioridades/, PRIORITY_LABELS[firstPriority] as string);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Criar dashboard' }).click();
    await expect(bar.getByText('Escolha a coluna dos nomes')).toBeVisible();
    await expect(bar.getByText('Com erros')).toBeVisible();
    await closeNotifications(page);
    await choose(bar, page, /^Coluna dos nomes/, 'Prioridade');
    await choose(bar, page, /^Coluna dos valores/, 'Ocorrências');
    await choose(bar, page, /^Orientação/, 'Barras horizontais (nomes ao lado)');

    await addWidget(page, 'Tabela');
    const table = page.getByTestId('widget-editor-2');
    await table.getByLabel(/^Título/).fill('Tabela por prioridade');
    await choose(table, page, /^Fonte de dados/, sourceName);
    await capture(page, 'dashboard-widgets-pt-PT');
    await page.getByRole('button', { name: 'Criar dashboard' }).click();
    await expect(page.getByText(`Dashboard ${dashboardName} criado`)).toBeVisible();
    // Saving is done editing: the new dashboard opens.
    await expect(page).toHaveURL(/\/dashboard\/\d+$/);
    const dashboardId = Number(/\/dashboard\/(\d+)$/.exec(page.url())?.[1]);
    await closeNotifications(page);
    await page.goto(`/dashboard/${dashboardId}/edit`);
    await expect(page.getByLabel(/^Nome/)).toHaveValue(dashboardName);
    await capture(page, 'dashboard-form-pt-PT');

    // The view: the charts are drawn, the table waits for its filter.
    await page.getByRole('link', { name: 'Ver o dashboard' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${dashboardId}$`));
    await expect(page.getByRole('heading', { name: dashboardName })).toBeVisible();
    const pieChart = page.getByRole('img', { name: /^Gráfico circular «Por prioridade»/ });
    await expect(pieChart).toBeVisible();
    await expect(pieChart).toHaveAccessibleName(new RegExp(`${firstPriority}: [\\d,]+%`));
    await expect(page.getByRole('img', { name: /^Gráfico de barras «Barras por prioridade»/ })).toBeVisible();
    const tableCard = page.getByRole('region', { name: 'Tabela por prioridade' });
    await expect(tableCard.getByText('Escolha os filtros para ver este widget.')).toBeVisible();
    // The bar has fixed every parameter: it alone has no filter button.
    await expect(page.getByRole('button', { name: /^Filtros de / })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Filtros de Barras por prioridade' })).toHaveCount(0);
    await capture(page, 'dashboard-pt-PT');

    // The pie as a table of 7 rows a page, and as a PNG.
    const pieCard = page.getByRole('region', { name: 'Por prioridade' });
    await pieCard.getByRole('button', { name: 'Ver como tabela: Por prioridade' }).click();
    await expect(pieCard.getByRole('table', { name: 'Por prioridade' })).toContainText(firstPriority);
    await pieCard.getByRole('button', { name: 'Ver o gráfico: Por prioridade' }).click();
    const picture = page.waitForEvent('download');
    await chooseFromList(
      page,
      () => pieCard.getByRole('button', { name: 'Descarregar Por prioridade' }).click(),
      page.getByRole('menuitem', { name: 'Imagem PNG' }),
    );
    const png = await picture;
    expect(png.suggestedFilename()).toBe('por-prioridade.png');
    expect(statSync((await png.path()) as string).size).toBeGreaterThan(1000);

    // The table's filter: the minimum is mandatory; with it and one priority, one row.
    await tableCard.getByRole('button', { name: 'Filtros de Tabela por prioridade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtros de Tabela por prioridade' });
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect(dialog.getByText('Deve indicar um valor para o parâmetro')).toBeVisible();
    await dialog.getByLabel(/^Mínimo de ocorrências/).fill('1');
    await chooseOption(
      page,
      dialog.getByRole('combobox', { name: /^Prioridades/ }),
      PRIORITY_LABELS[firstPriority] as string,
    );
    await page.keyboard.press('Escape');
    await capture(page, 'dashboard-filters-pt-PT');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect(dialog).toBeHidden();
    const rows = tableCard.getByRole('table', { name: 'Tabela por prioridade' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(firstPriority);

    // Its CSV holds the same rows.
    const downloading = page.waitForEvent('download');
    await chooseFromList(
      page,
      () => tableCard.getByRole('button', { name: 'Descarregar Tabela por prioridade' }).click(),
      page.getByRole('menuitem', { name: 'Dados em CSV' }),
    );
    const csv = readFileSync((await (await downloading).path()) as string, 'utf8');
    expect(csv).toContain('Prioridade');
    expect(csv).toContain(firstPriority);
    expect(csv.trim().split(/\r?\n/)).toHaveLength(2);

    // A visitor, signed out, opens it at its public address, in the light theme.
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/public/dashboards/${dashboardId}`);
    await expect(publicPage.getByRole('heading', { level: 1, name: dashboardName })).toBeVisible();
    await expect(publicPage.getByRole('img', { name: /^Gráfico circular «Por prioridade»/ })).toBeVisible();
    await expect(publicPage.getByRole('img', { name: /^Gráfico de barras «Barras por prioridade»/ })).toBeVisible();
    await expect(publicPage.getByRole('link', { name: 'Editar' })).toHaveCount(0);
    await capture(publicPage, 'dashboard-public-pt-PT');
    await publicPage.setViewportSize(MOBILE);
    await capture(publicPage, 'dashboard-public-mobile-pt-PT');

    // The demo's public dashboard, as visitors see it.
    const admin = await apiAs(request, ACCOUNTS.admin);
    const found = await (
      await admin.get('/api/dashboards/search?universalSearch=Ocorr%C3%AAncias%20e%20transportes')
    ).json();
    const demo = (found.content as { id: number; name: string }[]).find(
      (item) => item.name === 'Ocorrências e transportes',
    );
    if (demo) {
      await publicPage.setViewportSize({ width: 1280, height: 900 });
      await publicPage.goto(`/public/dashboards/${demo.id}`);
      await expect(publicPage.getByRole('img', { name: /^Gráfico circular/ }).first()).toBeVisible();
      await capture(publicPage, 'dashboard-demo-public-pt-PT');
    }
    await visitor.close();

    // In English, and on a phone.
    await chooseLanguage(page, 'English');
    await page.goto(`/dashboard/${dashboardId}`);
    await expect(page.getByRole('img', { name: /^Pie chart “Por prioridade”/ })).toBeVisible();
    await expect(page.getByText('Choose the filters to see this widget.')).toBeVisible();
    await capture(page, 'dashboard-en-US');
    await page.goto(`/dashboard/${dashboardId}/edit`);
    await expect(page.getByRole('heading', { name: 'Who may see it' })).toBeVisible();
    await capture(page, 'dashboard-form-en-US');
    await page.goto('/data-sources');
    await page.getByRole('link', { name: sourceName, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'SQL query' })).toBeVisible();
    await capture(page, 'data-source-form-en-US');

    await page.setViewportSize(MOBILE);
    await page.goto(`/dashboard/${dashboardId}`);
    await expect(page.getByRole('img', { name: /^Bar chart “Barras por prioridade”/ })).toBeVisible();
    await capture(page, 'dashboard-mobile-en-US');
    await page.goto(`/dashboard/${dashboardId}/edit`);
    await page.getByRole('button', { name: /^Por prioridade/ }).click();
    await expect(page.getByRole('combobox', { name: /^Names column/ })).toBeVisible();
    await capture(page, 'dashboard-widget-mobile-en-US');
    await page.goto('/dashboards');
    await expect(page.getByRole('link', { name: dashboardName, exact: true })).toBeVisible();
    await capture(page, 'dashboards-mobile-en-US');
  });

  test('the widget editor draws the widget as it is edited, before it is saved, and saving goes back to the dashboard', async ({
    page,
    request,
  }) => {
    const stamp = Date.now().toString(36);
    const admin = await apiAs(request, ACCOUNTS.admin);
    const created = await admin.post('/api/data-sources', {
      name: `Zonas ${stamp}`,
      query: `select * from (values ('Norte', 3), ('Sul', 1)) as zonas("Zona", "Total")`,
      parameters: [],
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const source = (await created.json()) as { id: number };
    const otherName = `Pontos cardeais ${stamp}`;
    const other = await admin.post('/api/data-sources', {
      name: otherName,
      query: `select * from (values ('Este', 2), ('Oeste', 1)) as zonas("Zona", "Total")`,
      parameters: [],
    });
    expect(other.ok(), await other.text()).toBeTruthy();
    const full = { lg: 12, md: 12, sm: 12 };
    const saved = await admin.post('/api/dashboards', {
      name: `Zonas ${stamp}`,
      status: 'ACTIVE',
      widgets: [
        { name: 'PieChart', title: 'Zonas', size: full, sourceId: source.id, nameKey: 'Zona', dataKey: 'Total' },
      ],
    });
    expect(saved.ok(), await saved.text()).toBeTruthy();
    const { id } = (await saved.json()) as { id: number };

    await signIn(page, ACCOUNTS.admin, `/dashboard/${id}/edit`);
    await page.getByRole('button', { name: /^Zonas/ }).click();
    const preview = page.getByRole('region', { name: 'Pré-visualização' });
    await expect(preview.getByRole('img', { name: /^Gráfico circular «Zonas»/ })).toHaveAccessibleName(
      /Norte: 3; Sul: 1/,
    );

    // Title and percentages change what the preview draws; nothing is saved yet.
    const editor = page.getByTestId('widget-editor-0');
    await editor.getByLabel(/^Título/).fill('Zonas do país');
    await editor.getByRole('switch', { name: 'Mostrar percentagens' }).check();
    await expect(preview.getByRole('img', { name: /^Gráfico circular «Zonas do país»/ })).toHaveAccessibleName(
      /Norte: 75\s?% \(3\); Sul: 25\s?% \(1\)/,
    );
    // Another source: the preview reads its rows before anything is saved.
    await choose(editor, page, /^Fonte de dados/, otherName);
    await expect(preview.getByRole('img', { name: /^Gráfico circular «Zonas do país»/ })).toHaveAccessibleName(
      /Este: 66[,.]7\s?% \(2\); Oeste: 33[,.]3\s?% \(1\)/,
    );
    const stored = (await (await admin.get(`/api/dashboards/${id}`)).json()) as {
      widgets: { title: string; sourceId: number }[];
    };
    expect(stored.widgets).toEqual([expect.objectContaining({ title: 'Zonas', sourceId: source.id })]);
    await capture(page, 'dashboard-widget-preview-pt-PT');

    // A widget never saved is drawn from its source as soon as it has what it needs.
    await addWidget(page, 'Tabela');
    const table = page.getByTestId('widget-editor-1');
    const tablePreview = table.getByRole('region', { name: 'Pré-visualização' });
    await expect(
      tablePreview.getByText('Preencha os campos obrigatórios deste widget para o pré-visualizar.'),
    ).toBeVisible();
    await table.getByLabel(/^Título/).fill('Zonas em tabela');
    await choose(table, page, /^Fonte de dados/, otherName);
    await expect(tablePreview.getByRole('table', { name: 'Zonas em tabela' })).toContainText('Oeste');
    await capture(page, 'dashboard-widget-preview-new-pt-PT');

    await page.setViewportSize(MOBILE);
    await chooseLanguage(page, 'English');
    await expect(page.getByRole('region', { name: 'Preview' })).toHaveCount(2);
    await capture(page, 'dashboard-widget-preview-mobile-en-US');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/${id}$`));
    await expect(page.getByRole('img', { name: /^Pie chart “Zonas do país”/ })).toHaveAccessibleName(
      /Este: 66[,.]7\s?% \(2\); Oeste: 33[,.]3\s?% \(1\)/,
    );
    await expect(page.getByRole('table', { name: 'Zonas em tabela' })).toContainText('Oeste');
    await chooseFromList(
      page,
      () => page.getByRole('button', { name: 'Language' }).click(),
      page.getByRole('menuitem', { name: 'Português' }),
    );
  });

  test('a visitor filters a public table by categories named by the server; a source in use cannot be deleted', async ({
    page,
    request,
    browser,
  }) => {
    const stamp = Date.now().toString(36);
    const admin = await apiAs(request, ACCOUNTS.admin);
    const created = await admin.post('/api/data-sources', {
      name: `Categorias ${stamp}`,
      query: `select c.name as "Categoria", count(e.id)::int as "Ocorrências"
  from event_categories c left join events e on e.category_id = c.id
 where true {{categorias}}
 group by c.name
 order by 1`,
      parameters: [
        {
          variableName: 'categorias',
          type: 'EVENT_CATEGORY',
          label: 'Categorias',
          multiple: true,
          partialQuery: 'and c.id = any(:categorias)',
        },
      ],
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const source = (await created.json()) as { id: number; name: string };
    const full = { lg: 12, md: 12, sm: 12 };
    const dashboard = await admin.post('/api/dashboards', {
      name: `Categorias públicas ${stamp}`,
      status: 'ACTIVE',
      isPublic: true,
      widgets: [
        { name: 'Title', title: 'Resumo', size: full },
        { name: 'TableWidget', title: 'Ocorrências por categoria', size: full, sourceId: source.id, itemsPerPage: 5 },
        {
          name: 'HTML',
          title: 'Nota',
          size: full,
          showBox: true,
          html: '<p>Dados <strong>abertos</strong></p><script>window.hacked = true</script>',
        },
      ],
    });
    expect(dashboard.ok(), await dashboard.text()).toBeTruthy();
    const { id } = (await dashboard.json()) as { id: number };

    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/public/dashboards/${id}`);
    await expect(publicPage.getByRole('heading', { name: 'Resumo' })).toBeVisible();
    await expect(publicPage.getByText('abertos')).toBeVisible();
    expect(await publicPage.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    const card = publicPage.getByRole('region', { name: 'Ocorrências por categoria' });
    const rows = card.getByRole('table', { name: 'Ocorrências por categoria' }).locator('tbody tr');
    await expect(rows.first()).toBeVisible();

    await card.getByRole('button', { name: 'Filtros de Ocorrências por categoria' }).click();
    const dialog = publicPage.getByRole('dialog', { name: 'Filtros de Ocorrências por categoria' });
    await dialog.getByRole('combobox', { name: /^Categorias/ }).click();
    const option = publicPage.getByRole('option').first();
    const category = ((await option.textContent()) ?? '').trim();
    expect(category).not.toBe('');
    await option.click();
    await publicPage.keyboard.press('Escape');
    await capture(publicPage, 'dashboard-public-filters-pt-PT');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(category);
    await expect(card.getByRole('button', { name: /^Filtros de Ocorrências por categoria/ })).toHaveAccessibleName(
      'Filtros de Ocorrências por categoria: 1 aplicado',
    );
    await visitor.close();

    // The source still draws a widget: its delete is refused, saying why.
    await signIn(page, ACCOUNTS.admin, '/data-sources');
    await page.getByRole('button', { name: `Eliminar ${source.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(`A fonte de dados «${source.name}» ainda é usada por 1 widget`)).toBeVisible();
  });
});
