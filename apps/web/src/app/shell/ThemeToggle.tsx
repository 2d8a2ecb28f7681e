import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../features/configuration/useAppConfiguration';

/** Spec 000 §2: the toggle exists only when the configuration allows dark mode. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const config = useAppConfiguration();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  if (config.allowDarkMode !== true) return null;
  const label = scheme === 'dark' ? t('shell.lightMode') : t('shell.darkMode');
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
    >
      {scheme === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
    </ActionIcon>
  );
}
