import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNTS, apiAs, capture, expect, MOBILE, test } from '../support/fixtures.ts';

const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);

test.describe('files for visitors', () => {
  test('a visitor on a phone previews and downloads the public PDF of a stop', async ({ page, request }) => {
    const api = await apiAs(request, ACCOUNTS.admin);
    const group = await (
      await api.post('/api/mobility-system-groups', {
        name: 'Paragens de Valongo',
        type: 'STATIC',
        layerType: 'DEFAULT_LAYERS',
      })
    ).json();
    const created = await api.post('/api/mobility-systems', {
      name: 'Paragem do Largo do Centenário',
      systemType: 'STOP',
      parentId: group.id,
      geometry: { type: 'Point', coordinates: [-8.5016, 41.1887] },
      serviceDays: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const system = await created.json();
    const upload = await request.post('/api/documents', {
      headers: api.headers,
      multipart: {
        ownerKind: 'MOBILITY_SYSTEM',
        ownerId: String(system.id),
        category: 'FILE',
        title: 'Horário afixado',
        is360: 'false',
        file: { name: 'horario.pdf', mimeType: 'application/pdf', buffer: readFileSync(fixture('horario.pdf')) },
      },
    });
    expect(upload.ok(), await upload.text()).toBeTruthy();

    // Signed out, on a phone: find the stop, open its card and its file.
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    const search = page.getByRole('textbox', { name: 'Pesquisar paragens, linhas, outros sistemas e lugares' });
    await search.fill('Largo do Centenário');
    await page
      .getByRole('list', { name: 'Resultados da pesquisa' })
      .getByRole('button', { name: /^Paragem do Largo do Centenário/ })
      .click();
    const card = page.getByRole('complementary', { name: 'Detalhes do elemento' });
    await card.getByRole('button', { name: 'Pré-visualizar Horário afixado' }).click();
    const preview = page.getByRole('dialog', { name: 'Horário afixado' });
    await expect(preview.getByTestId('preview-page')).toHaveText('Página 1 de 2');
    await expect(page.getByText('Erro ao carregar o documento!')).toHaveCount(0);
    await capture(page, 'public-file-preview-mobile-pt-PT');
    const download = page.waitForEvent('download');
    await preview.getByRole('button', { name: 'Descarregar' }).click();
    expect((await download).suggestedFilename()).toBe('horario.pdf');
  });
});
