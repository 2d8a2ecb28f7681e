import { ActionIcon, Menu } from '@mantine/core';
import { LANGUAGES, type TLanguage } from '@mip/shared';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_LABELS } from '../../i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t('shell.language')} title={t('shell.language')}>
          <IconLanguage size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language: TLanguage) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void changeLanguage(language)}
            fw={i18n.language === language ? 700 : undefined}
            aria-current={i18n.language === language ? 'true' : undefined}
          >
            {LANGUAGE_LABELS[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
