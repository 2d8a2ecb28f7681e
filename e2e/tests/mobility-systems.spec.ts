import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  ACCOUNTS,
  apiAs,
  capture,
  chooseLanguage,
  chooseOption,
  closeNotifications,
  expect,
  holdRequests,
  MOBILE,
  openFromMenu,
  signIn,
  test,
} from '../support/fixtures.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);

/** Whether a canvas has anything drawn on it but white or nothing (a rendered PDF page has text). */
async function hasInk(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((element) => {
    const node = element as HTMLCanvasElement;
    const context = node.getContext('2d');
    if (!context || node.width === 0) return false;
    const { data } = context.getImageData(0, 0, node.width, node.height);
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 0 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) return true;
    }
    return false;
  });
}

/** Chooses a file in the open modal's dropzone (its hidden file input). */
async function chooseFile(page: Page, name: string) {
  await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(fixture(name));
}

async function confirmDelete(page: Page) {
  const confirmation = page.getByRole('dialog').filter({ hasText: 'Esta ação não pode ser desfeita' });
  await confirmation.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Eliminado com sucesso')).toBeVisible();
  await closeNotifications(page);
}

test.describe('mobility groups and systems', () => {
  test('a group and a stop are created; a photo and a PDF are added, previewed and deleted', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);

    // The group, with an SVG icon, a colour and zoom ranges.
    await openFromMenu(page, 'Sistemas', 'Grupos de sistemas');
    await expect(page).toHaveURL(/\/mobile-system-groups$/);
    await page.getByRole('link', { name: 'Novo grupo' }).first().click();
    await page.getByLabel(/^Nome/).fill('Autocarros da Maia');
    await page.locator('input[type="file"][accept*="svg"]').setInputFiles(fixture('icone-autocarro.svg'));
    await expect(page.getByText('Ícone escolhido')).toBeVisible();
    await page.getByLabel(/^Cor/).fill('#1c7ed6');
    await page.getByLabel('Zoom mínimo (filtrado)').fill('15');
    await page.getByLabel('Zoom máximo (filtrado)').fill('12');
    await page.getByRole('button', { name: 'Criar grupo' }).click();
    await expect(page.getByText('O zoom máximo não pode ser inferior ao mínimo')).toBeVisible();
    await page.getByLabel('Zoom máximo (filtrado)').fill('20');
    // Owned by the city's mobility department rather than by the administrator's own entity.
    const entity = page.getByRole('combobox', { name: /^Entidade/ });
    await chooseOption(page, entity, 'Direção Municipal de Mobilidade e Transportes', 'mobilidade');
    await page.getByRole('button', { name: 'Criar grupo' }).click();
    await expect(page.getByText('Grupo Autocarros da Maia criado')).toBeVisible();
    await expect(page).toHaveURL(/\/mobile-system-groups\/\d+$/);
    await expect(entity).toHaveValue('Direção Municipal de Mobilidade e Transportes');
    await capture(page, 'mobility-group-pt-PT');

    // The stop: placed by a click on the map, in the new group.
    await page.goto('/mobile-systems');
    await page.getByRole('link', { name: 'Novo sistema' }).first().click();
    await page.getByLabel(/^Nome/).fill('Castêlo da Maia');
    await page.getByRole('button', { name: 'Criar sistema' }).click();
    await expect(page.getByText('Indique o grupo do sistema')).toBeVisible();
    await expect(page.getByText('Indique a localização no mapa')).toBeVisible();
    await chooseOption(page, page.getByRole('combobox', { name: /^Grupo/ }), 'Autocarros da Maia', 'maia');
    const map = page.getByTestId('geometry-map').locator('canvas');
    await expect(map).toBeVisible();
    await map.click({ position: { x: 200, y: 150 } });
    await expect(page.getByLabel('Latitude')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Dias úteis' }).click();
    await page.getByRole('button', { name: 'Adicionar parâmetro' }).click();
    await page.getByLabel(/^Nome do parâmetro/).fill('Abrigo');
    await page.getByRole('button', { name: 'Criar sistema' }).click();
    await expect(page.getByText('Sistema Castêlo da Maia criado')).toBeVisible();
    await expect(page).toHaveURL(/\/mobile-systems\/\d+$/);
    await expect(page.getByRole('checkbox', { name: 'Seg' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Sáb' })).not.toBeChecked();

    // A photo: a PDF named .png is refused by its bytes, a real PNG is taken.
    await page.getByRole('button', { name: 'Adicionar fotografia' }).click();
    const photoDialog = page.getByRole('dialog', { name: 'Adicionar fotografia' });
    await photoDialog.getByLabel(/^Título/).fill('Abrigo da paragem');
    await chooseFile(page, 'fotografia-falsa.png');
    await expect(page.getByText('Tipo de ficheiro inválido')).toBeVisible();
    await expect(page.getByText('O ficheiro fotografia-falsa.png é de um tipo inválido!')).toBeVisible();
    await chooseFile(page, 'estacao.png');
    await expect(photoDialog.getByTestId('chosen-file')).toContainText('estacao.png');
    await closeNotifications(page);
    await capture(page, 'document-add-photo-pt-PT');
    await photoDialog.getByRole('button', { name: 'Adicionar fotografia' }).click();
    await expect(page.getByText('Fotografia Abrigo da paragem adicionada')).toBeVisible();
    await expect(page.getByTestId('document-photos').getByText('Abrigo da paragem')).toBeVisible();

    // A 360° photo opens in the panorama viewer.
    await page.getByRole('button', { name: 'Adicionar fotografia' }).click();
    await photoDialog.getByLabel(/^Título/).fill('Vista da rua');
    await photoDialog.getByRole('switch', { name: 'Fotografia 360°' }).check();
    await chooseFile(page, 'panorama-360.png');
    await photoDialog.getByRole('button', { name: 'Adicionar fotografia' }).click();
    await expect(page.getByText('Fotografia Vista da rua adicionada')).toBeVisible();
    await page.getByRole('button', { name: 'Pré-visualizar Vista da rua' }).click();
    await expect(page.getByTestId('panorama-viewer').locator('canvas')).toBeVisible();
    await page.getByRole('dialog', { name: 'Vista da rua' }).getByRole('button', { name: 'Fechar janela' }).click();

    // The plain photo: zoom and rotate.
    await page.getByRole('button', { name: 'Pré-visualizar Abrigo da paragem' }).click();
    const photoPreview = page.getByRole('dialog', { name: 'Abrigo da paragem' });
    await expect(photoPreview.getByTestId('preview-image')).toBeVisible();
    await photoPreview.getByRole('button', { name: 'Aumentar' }).click();
    await expect(photoPreview.getByTestId('preview-zoom')).toHaveText('125%');
    await photoPreview.getByRole('button', { name: 'Rodar 90°' }).click();
    await expect(photoPreview.getByTestId('preview-image')).toHaveAttribute('style', /rotate\(90deg\)/);
    await photoPreview.getByRole('button', { name: 'Fechar janela' }).click();

    // A PDF, previewed before it is sent, then paged, zoomed and rotated.
    await page.getByRole('button', { name: 'Adicionar ficheiro' }).click();
    const fileDialog = page.getByRole('dialog', { name: 'Adicionar ficheiro' });
    await fileDialog.getByLabel(/^Título/).fill('Horário de inverno');
    await chooseFile(page, 'texto-falso.pdf');
    await expect(page.getByText('O ficheiro texto-falso.pdf é de um tipo inválido!')).toBeVisible();
    await chooseFile(page, 'horario.pdf');
    await expect(fileDialog.getByTestId('pdf-page')).toBeVisible();
    await closeNotifications(page);
    await capture(page, 'document-add-file-pt-PT');
    await fileDialog.getByRole('button', { name: 'Adicionar ficheiro' }).click();
    await expect(page.getByText('Ficheiro Horário de inverno adicionado')).toBeVisible();

    await page.getByRole('button', { name: 'Pré-visualizar Horário de inverno' }).click();
    const pdfPreview = page.getByRole('dialog', { name: 'Horário de inverno' });
    const pdfPage = pdfPreview.getByTestId('pdf-page');
    await expect(pdfPage).toBeVisible();
    await expect(pdfPreview.getByTestId('preview-page')).toHaveText('Página 1 de 2');
    await expect.poll(() => hasInk(pdfPage)).toBe(true);
    const width = await pdfPage.evaluate((canvas) => (canvas as HTMLCanvasElement).width);
    await pdfPreview.getByRole('button', { name: 'Aumentar' }).click();
    await expect(pdfPreview.getByTestId('preview-zoom')).toHaveText('125%');
    await expect.poll(() => pdfPage.evaluate((canvas) => (canvas as HTMLCanvasElement).width)).toBeGreaterThan(width);
    await pdfPreview.getByRole('button', { name: 'Página seguinte' }).click();
    await expect(pdfPreview.getByTestId('preview-page')).toHaveText('Página 2 de 2');
    await expect(pdfPage).toHaveAttribute('data-page', '2');
    const aspect = () =>
      pdfPage.evaluate((canvas) => (canvas as HTMLCanvasElement).width / (canvas as HTMLCanvasElement).height);
    expect(await aspect()).toBeLessThan(1);
    await pdfPreview.getByRole('button', { name: 'Rodar 90°' }).click();
    // A portrait page lies on its side: wider than tall.
    await expect.poll(aspect).toBeGreaterThan(1);
    await closeNotifications(page);
    await capture(page, 'document-preview-pdf-pt-PT');

    // Deleting from the preview, then the photos from their section.
    await pdfPreview.getByRole('button', { name: 'Eliminar' }).click();
    await confirmDelete(page);
    await expect(page.getByText('Ainda não há ficheiros.')).toBeVisible();
    await page.getByRole('button', { name: 'Eliminar Abrigo da paragem' }).click();
    await confirmDelete(page);
    await page.getByRole('button', { name: 'Eliminar Vista da rua' }).click();
    await confirmDelete(page);
    await expect(page.getByText('Ainda não há imagens.')).toBeVisible();
    await capture(page, 'mobility-system-pt-PT');
  });

  test('in English on a phone, a PDF named as a photo gets the Invalid File Type error', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.admin);
    const group = await (
      await api.post('/api/mobility-system-groups', {
        name: 'Metro Ligeiro',
        type: 'STATIC',
        layerType: 'DEFAULT_LAYERS',
      })
    ).json();
    const created = await api.post('/api/mobility-systems', {
      name: 'Paragem de Teste Ligeiro',
      systemType: 'STOP',
      parentId: group.id,
      geometry: { type: 'Point', coordinates: [-8.6094, 41.1522] },
      serviceDays: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const system = await created.json();

    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.admin);
    await chooseLanguage(page, 'English');
    await page.goto('/mobile-systems');
    await page.getByLabel('Search systems by name, description or code').fill('paragem de teste ligeiro');
    await expect(page.getByRole('link', { name: 'Paragem de Teste Ligeiro', exact: true })).toBeVisible();
    await capture(page, 'mobility-systems-mobile-en-US');

    await page.goto(`/mobile-systems/${system.id}`);
    await expect(page.getByRole('heading', { name: 'Images' })).toBeVisible();
    await page.getByRole('button', { name: 'Add photo' }).click();
    await chooseFile(page, 'fotografia-falsa.png');
    await expect(page.getByText('Invalid File Type')).toBeVisible();
    await expect(page.getByText('The filename fotografia-falsa.png is from an invalid type!')).toBeVisible();
    await page.getByRole('dialog', { name: 'Add photo' }).getByRole('button', { name: 'Cancel' }).click();
    await capture(page, 'mobility-system-mobile-en-US');

    await page.goto('/mobile-system-groups');
    await expect(page.getByRole('link', { name: 'Metro Ligeiro', exact: true })).toBeVisible();
    await capture(page, 'mobility-groups-mobile-en-US');
  });

  test("the transport operator edits its own network's systems, and another entity's are not there", async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    const namesOf = async (text: string) => {
      const search = await admin.get(`/api/mobility-systems/search?universalSearch=${encodeURIComponent(text)}`);
      return (await search.json()).content as { id: number; name: string }[];
    };
    // The first start imports Metro do Porto in the background.
    await expect
      .poll(async () => (await namesOf('Aliados')).map((system) => system.name), { timeout: 60_000 })
      .toContain('Aliados');
    const [sensor] = await namesOf('Estação ambiental dos Aliados');
    await signIn(page, ACCOUNTS.transport, '/mobile-systems');
    await page.getByLabel('Pesquisar sistemas por nome, descrição ou código').fill('aliados');
    await expect(page.getByRole('link', { name: 'Aliados', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Estação ambiental dos Aliados' })).toHaveCount(0);
    await page.goto(`/mobile-systems/${sensor.id}`);
    await expect(page.getByText('Este sistema não existe ou foi eliminado.')).toBeVisible();
  });

  test('a list searched on the server follows what is typed: while the answer is on its way it shows only the names that match and says it is searching', async ({
    page,
    request,
  }) => {
    const admin = await apiAs(request, ACCOUNTS.admin);
    // The first start imports Metro do Porto in the background: its stops are the systems listed.
    await expect
      .poll(
        async () =>
          (await (await admin.get('/api/mobility-systems/search?universalSearch=Aliados')).json()).content.length,
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    // The server's answer for "aliados" is held until the test lets it go, as a slow network would.
    const answer = await holdRequests(
      page,
      (url) => url.pathname === '/api/mobility-systems/search' && url.searchParams.get('universalSearch') === 'aliados',
    );
    await signIn(page, ACCOUNTS.admin, '/mobile-systems/create');
    const parent = page.getByRole('combobox', { name: 'Sistema pai' });
    const options = page.getByRole('option');
    await parent.click();
    await expect(options.first()).toBeVisible();
    // The first answer lists systems of every name.
    expect((await options.allTextContents()).some((name) => !/aliados/i.test(name))).toBe(true);

    await parent.fill('aliados');
    await expect(parent).toHaveAttribute('aria-busy', 'true');
    await expect(options.first()).toBeVisible();
    expect(await options.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/aliados/i)]));
    for (const name of await options.allTextContents()) expect(name).toMatch(/aliados/i);

    answer();
    await expect(parent).not.toHaveAttribute('aria-busy', 'true');
    // Metro do Porto's stop, and any other system of that name the platform has by now (other operators').
    await expect(page.getByRole('option', { name: 'Aliados', exact: true }).first()).toBeVisible();
    for (const name of await options.allTextContents()) expect(name).toMatch(/aliados/i);
  });

  test('a route is drawn as a line, point by point, and keeps its shape', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.admin);
    const created = await api.post('/api/mobility-system-groups', {
      name: 'Linhas de Gondomar',
      type: 'STATIC',
      layerType: 'DEFAULT_LAYERS',
    });
    expect(created.ok(), await created.text()).toBeTruthy();

    await signIn(page, ACCOUNTS.admin, '/mobile-systems/create');
    await page.getByLabel(/^Nome/).fill('Linha 800');
    await chooseOption(page, page.getByRole('combobox', { name: /^Tipo de sistema/ }), 'Carreira');
    await chooseOption(page, page.getByRole('combobox', { name: /^Grupo/ }), 'Linhas de Gondomar', 'gondomar');
    const map = page.getByTestId('geometry-map').locator('canvas');
    await expect(map).toBeVisible();
    for (const [x, y] of [
      [120, 100],
      [220, 160],
      [320, 200],
    ]) {
      await map.click({ position: { x, y } });
    }
    await expect(page.getByTestId('geometry-vertices')).toHaveText('3 pontos na linha');
    await page.getByRole('button', { name: 'Desfazer último ponto' }).click();
    await expect(page.getByTestId('geometry-vertices')).toHaveText('2 pontos na linha');
    await page.getByRole('button', { name: 'Criar sistema' }).click();
    await expect(page.getByText('Sistema Linha 800 criado')).toBeVisible();
    await expect(page).toHaveURL(/\/mobile-systems\/\d+$/);

    const id = page.url().split('/').pop();
    const saved = await (await api.get(`/api/mobility-systems/${id}`)).json();
    expect(saved.geometry.type).toBe('LineString');
    expect(saved.geometry.coordinates).toHaveLength(2);
    await page.reload();
    await expect(page.getByTestId('geometry-vertices')).toHaveText('2 pontos na linha');
    await capture(page, 'mobility-route-pt-PT');
  });
});
