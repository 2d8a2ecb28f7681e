import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 000 §9: the loading indicator waits 50 ms, so fast answers never flash it. */
export function DelayedLoader({ delay = 50, minHeight = 200 }: { delay?: number; minHeight?: number | string }) {
  const { t } = useTranslation();
  const [isShown, setIsShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      {/* The live region says the words; the spinner is only seen (a span may not carry a label). */}
      {isShown && (
        <>
          <Loader aria-hidden />
          <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
        </>
      )}
    </Center>
  );
}
