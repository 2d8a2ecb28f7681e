import { Box, Button, Group, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { contentFingerprint, HIGHLIGHTS_DISCARDED_KEY, shouldShowHighlights } from './highlights';

const readDiscarded = () => {
  try {
    return localStorage.getItem(HIGHLIGHTS_DISCARDED_KEY);
  } catch {
    return null;
  }
};

/**
 * Spec 001 §2 dashboard highlights: the information service's HTML (sanitised
 * by the server when saved), closed for now or discarded until it changes.
 */
export function HighlightsModal() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['information', 'DASHBOARD_HIGHLIGHTS'],
    queryFn: () => api.get<{ content: string }>('informations/', { type: 'DASHBOARD_HIGHLIGHTS' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [isClosed, setClosed] = useState(false);
  const [discarded, setDiscarded] = useState(readDiscarded);
  const content = data?.content.trim() ?? '';
  const isOpen = !isClosed && shouldShowHighlights(content, discarded);

  const discard = () => {
    const fingerprint = contentFingerprint(content);
    try {
      localStorage.setItem(HIGHLIGHTS_DISCARDED_KEY, fingerprint);
    } catch {
      // Private browsing may refuse storage: it stays closed for this visit.
    }
    setDiscarded(fingerprint);
    setClosed(true);
  };

  return (
    <Modal opened={isOpen} onClose={() => setClosed(true)} title={t('map.highlights.title')} size="lg" centered>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server keeps only safe tags and links when it is saved */}
      <Box className="highlights-content" dangerouslySetInnerHTML={{ __html: content }} data-testid="highlights" />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={discard}>
          {t('map.highlights.discard')}
        </Button>
        <Button onClick={() => setClosed(true)}>{t('map.highlights.close')}</Button>
      </Group>
    </Modal>
  );
}
