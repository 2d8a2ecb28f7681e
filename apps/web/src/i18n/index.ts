import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '@mip/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/pt';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../app/storage-keys';
import { loadCatalog } from './catalogs';

const STORAGE_KEY = STORAGE_KEYS.language;

export function readStoredLanguage(): TLanguage {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as TLanguage;
  } catch {
    // no storage: default language
  }
  return DEFAULT_LANGUAGE;
}

function applyLanguage(language: TLanguage) {
  document.documentElement.lang = language;
  dayjs.locale(language === 'pt-PT' ? 'pt' : 'en');
}

export async function initI18n() {
  const language = readStoredLanguage();
  // Only the visitor's language is fetched; the other comes when they switch (changeLanguage). Both catalogs
  // hold every key (catalogs.test.ts), so the fallback is never needed for a missing text.
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: await loadCatalog(language) } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyLanguage(language);
  return i18next;
}

export async function changeLanguage(language: TLanguage) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not persisted; still switch for this tab
  }
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await loadCatalog(language));
  }
  applyLanguage(language);
  await i18next.changeLanguage(language);
}

export const LANGUAGE_LABELS: Record<TLanguage, string> = { 'pt-PT': 'Português', 'en-US': 'English' };
