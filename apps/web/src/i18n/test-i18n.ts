import i18next from 'i18next';
import { CATALOGS } from './all-catalogs';

/** i18next with the real catalogs, for unit tests that check the texts a user reads (pt-PT first). */
export async function initTestI18n(): Promise<void> {
  await i18next.init({
    lng: 'pt-PT',
    resources: { 'pt-PT': { translation: CATALOGS['pt-PT'] }, 'en-US': { translation: CATALOGS['en-US'] } },
    interpolation: { escapeValue: false },
  });
}
