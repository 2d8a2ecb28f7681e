import './skip-link.css';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of the element the skip link leads to: the screen's own content, after the header and the menu. */
export const CONTENT_ID = 'content';

/**
 * WCAG 2.4.1: the first Tab of every screen reaches this link, and Enter
 * moves the focus past the header and the menu to the screen itself.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const content = document.getElementById(CONTENT_ID);
    if (!content) return;
    // Focused here rather than by following "#content", which would put the hash in the address and history.
    event.preventDefault();
    content.focus({ preventScroll: true });
    content.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${CONTENT_ID}`} onClick={handleClick}>
      {t('shell.skipToContent')}
    </a>
  );
}
