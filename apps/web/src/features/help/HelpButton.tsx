import { NavLink } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The editor (tiptap) is heavy and most visits never open help: it loads on the first click.
const HelpModal = lazy(() => import('./HelpModal'));

/** Spec 001 §2: the side menu's help button, which opens the help of the page being shown. */
export function HelpButton() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <NavLink
        component="button"
        type="button"
        label={t('help.button')}
        leftSection={<IconHelp size={18} />}
        aria-haspopup="dialog"
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      />
      {wasOpened && (
        <Suspense fallback={null}>
          <HelpModal opened={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
