import type { APIRequestContext, Page } from '@playwright/test';
import type { TAccount } from '../support/accounts.ts';
import { ACCOUNTS, capture, expect, MOBILE, signIn, type TLanguage, test, useLanguage } from '../support/fixtures.ts';

/** What each language's help shows, as a person reads it. */
const TEXTS = {
  'pt-PT': {
    help: 'Ajuda',
    more: 'Mais',
    index: 'Índice da ajuda',
    thisPage: 'Esta página',
    settings: 'Configurações',
  },
  'en-US': { help: 'Help', more: 'More', index: 'Help contents', thisPage: 'This page', settings: 'Settings' },
} as const;

interface TPageCase {
  name: string;
  /** Who opens it: a visitor, or a member of staff signed in. */
  account: TAccount | null;
  /** The page's article, by its title and a section every article of that page has. */
  title: Record<TLanguage, string>;
  section: Record<TLanguage, string>;
  /** The address to open; the follow-up page's comes from a report filed first. */
  path: (request: APIRequestContext) => Promise<string>;
}

let followUpPath: Promise<string> | null = null;

/**
 * A visitor's report, filed through the public API as the map's form files it: its follow-up address.
 * Filed once for the whole file, since reports are limited per address and hour.
 */
function reportFollowUpPath(request: APIRequestContext) {
  followUpPath ??= fileReport(request);
  return followUpPath;
}

async function fileReport(request: APIRequestContext) {
  // A category the public report form offers: a visitor's category list also names the staff-only categories of
  // public incidents, which another spec file on the same platform may have made.
  const reportable = await request.get(
    '/api/event-categories/search?isPublic=true&sortProperty=name&sortDirection=ASC',
  );
  const categories = ((await reportable.json()) as { content: { id: number }[] }).content;
  const response = await request.post('/api/event-requests/', {
    data: {
      categoryId: categories[0].id,
      participantName: 'Maria Ajuda',
      participantEmail: 'maria.ajuda@example.org',
      title: 'Semáforo apagado',
      description: 'O semáforo do cruzamento está apagado desde manhã.',
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return `/report/${(await response.json()).followUpToken}`;
}

const PAGES: TPageCase[] = [
  {
    name: 'map',
    account: null,
    title: { 'pt-PT': 'O mapa', 'en-US': 'The map' },
    section: { 'pt-PT': 'Controlos principais', 'en-US': 'Main controls' },
    path: async () => '/',
  },
  {
    name: 'incidents',
    account: null,
    title: { 'pt-PT': 'Lista de ocorrências', 'en-US': 'Incident list' },
    section: { 'pt-PT': 'Tarefas comuns', 'en-US': 'Common tasks' },
    path: async () => '/incidents',
  },
  {
    // A parameter that is no number: every report's page shares one article.
    name: 'report-follow-up',
    account: null,
    title: { 'pt-PT': 'Acompanhar o pedido', 'en-US': 'Following a report' },
    section: { 'pt-PT': 'O que mostra', 'en-US': 'What it shows' },
    path: reportFollowUpPath,
  },
  {
    name: 'events',
    account: ACCOUNTS.operator,
    title: { 'pt-PT': 'Gestão de ocorrências', 'en-US': 'Managing events' },
    section: { 'pt-PT': 'Permissões', 'en-US': 'Permissions' },
    path: async () => '/events',
  },
  {
    name: 'user-create',
    account: ACCOUNTS.admin,
    title: { 'pt-PT': 'Criar um utilizador', 'en-US': 'Creating a user' },
    section: { 'pt-PT': 'Passo a passo', 'en-US': 'Step by step' },
    path: async () => '/user/create',
  },
];

async function openHelp(page: Page, language: TLanguage, isPhone: boolean) {
  // On a phone the side menu, and its Help button, sit behind the bottom bar's More.
  if (isPhone) await page.getByRole('button', { name: TEXTS[language].more, exact: true }).click();
  await page.getByRole('button', { name: TEXTS[language].help, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: TEXTS[language].help });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const language of ['pt-PT', 'en-US'] as const) {
  for (const viewport of ['desktop', 'phone'] as const) {
    test.describe(`help of every page (${language}, ${viewport})`, () => {
      if (viewport === 'phone') test.use({ viewport: MOBILE });

      for (const pageCase of PAGES) {
        test(`the ${pageCase.name} page opens on its own article`, async ({ page, request }) => {
          const path = await pageCase.path(request);
          await useLanguage(page, language);
          if (pageCase.account) await signIn(page, pageCase.account, path);
          else await page.goto(path);
          const dialog = await openHelp(page, language, viewport === 'phone');

          await expect(dialog.getByRole('heading', { name: pageCase.title[language], exact: true })).toBeVisible();
          const contents = dialog.getByTestId('help-contents');
          await expect(contents.getByRole('heading', { name: pageCase.section[language] })).toBeVisible();
          await capture(page, `help-page-${pageCase.name}-${viewport}-${language}`);
        });
      }

      test('the index lists the article of the page being shown among every area of the console', async ({ page }) => {
        await useLanguage(page, language);
        await signIn(page, ACCOUNTS.admin, '/import-gtfs');
        const dialog = await openHelp(page, language, viewport === 'phone');
        await dialog.getByRole('button', { name: TEXTS[language].index }).click();
        const settings = dialog.getByRole('region', { name: TEXTS[language].settings });
        await expect(settings.getByRole('listitem')).not.toHaveCount(0);
        await expect(dialog.getByText(TEXTS[language].thisPage, { exact: true })).toBeVisible();
        await capture(page, `help-page-index-${viewport}-${language}`);
      });
    });
  }
}
