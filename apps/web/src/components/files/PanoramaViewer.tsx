import '@photo-sphere-viewer/core/index.css';
import { Box } from '@mantine/core';
import { Viewer } from '@photo-sphere-viewer/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A 360° photo the user can look around in (drag, zoom, full screen); it all runs in the browser. */
export function PanoramaViewer({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!containerRef.current) return;
    const viewer = new Viewer({
      container: containerRef.current,
      panorama: url,
      navbar: ['zoom', 'move', 'fullscreen'],
      loadingTxt: t('common.loading'),
      lang: {
        zoom: t('documents.viewer.zoom'),
        zoomOut: t('documents.viewer.zoomOut'),
        zoomIn: t('documents.viewer.zoomIn'),
        moveUp: t('documents.viewer.moveUp'),
        moveDown: t('documents.viewer.moveDown'),
        moveLeft: t('documents.viewer.moveLeft'),
        moveRight: t('documents.viewer.moveRight'),
        fullscreen: t('documents.viewer.fullscreen'),
      },
    });
    return () => viewer.destroy();
  }, [url, t]);

  return <Box ref={containerRef} h={420} w="100%" role="img" aria-label={label} data-testid="panorama-viewer" />;
}
