import { ActionIcon, Alert, Box, Center, Group, Loader, Modal, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useElementSize, useReducedMotion } from '@mantine/hooks';
import type { TDocumentSummary } from '@mip/shared';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconRotateClockwise,
  IconTrash,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { nextZoom, previousZoom, ZOOM_MAX, ZOOM_MIN } from './preview-zoom';
import { downloadBytes, type TLoadedDocument, useDocumentContents, useObjectUrl } from './useDocuments';

// The PDF and 360° engines are large; they load only when a preview needs them.
const PdfViewer = lazy(() => import('./PdfViewer').then((module) => ({ default: module.PdfViewer })));
const PanoramaViewer = lazy(() => import('./PanoramaViewer').then((module) => ({ default: module.PanoramaViewer })));

export type TPreviewedDocument = Pick<TDocumentSummary, 'id' | 'title' | 'filename' | 'type' | 'props' | 'isPublic'>;

function ToolButton({
  label,
  onClick,
  disabled,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} disabled={disabled} color={color}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Spec 001 §2 file preview: zoom (0.1 to 8), rotate by 90°, download, delete
 * and, for PDFs, pagination; 360° photos open in a panorama viewer.
 */
export function FilePreviewModal({
  document,
  onClose,
  onDelete,
}: {
  document: TPreviewedDocument | null;
  onClose: () => void;
  /** Offered when the user may delete; resolves once it is done (or refused). */
  onDelete?: (document: TPreviewedDocument) => void;
}) {
  const { t } = useTranslation();
  // A public file comes through the public call, so a visitor (who has no session) can open it too.
  const loaded = useDocumentContents(document?.id ?? null, { isPublic: document?.isPublic });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState(0);
  const [hasRenderError, setHasRenderError] = useState(false);
  const handleRenderError = useCallback(() => setHasRenderError(true), []);

  // A new document starts at its first page, unzoomed and upright.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the document changes
  useEffect(() => {
    setZoom(1);
    setRotation(0);
    setPage(1);
    setPageCount(0);
    setHasRenderError(false);
  }, [document?.id]);

  const isPdf = document?.type === 'application/pdf';
  const is360 = Boolean(document?.props.is360);
  const isNotFound = loaded.error instanceof ApiError && loaded.error.status === 404;

  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      size="xl"
      title={document?.title}
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      {document && (
        <Box>
          <Group justify="space-between" gap="xs" mb="sm" wrap="wrap" data-testid="preview-toolbar">
            <Group gap={6}>
              {!is360 && (
                <>
                  <ToolButton
                    label={t('documents.preview.zoomOut')}
                    onClick={() => setZoom(previousZoom)}
                    disabled={zoom <= ZOOM_MIN}
                  >
                    <IconZoomOut size={18} />
                  </ToolButton>
                  <Text size="sm" w={52} ta="center" data-testid="preview-zoom" aria-live="polite">
                    {Math.round(zoom * 100)}%
                  </Text>
                  <ToolButton
                    label={t('documents.preview.zoomIn')}
                    onClick={() => setZoom(nextZoom)}
                    disabled={zoom >= ZOOM_MAX}
                  >
                    <IconZoomIn size={18} />
                  </ToolButton>
                  <ToolButton
                    label={t('documents.preview.rotate')}
                    onClick={() => setRotation((current) => (current + 90) % 360)}
                  >
                    <IconRotateClockwise size={18} />
                  </ToolButton>
                </>
              )}
              {isPdf && pageCount > 0 && (
                <Group gap={4} wrap="nowrap">
                  <ToolButton
                    label={t('documents.preview.previousPage')}
                    onClick={() => setPage((current) => Math.max(1, current - 1))}
                    disabled={page <= 1}
                  >
                    <IconChevronLeft size={18} />
                  </ToolButton>
                  <Text size="sm" data-testid="preview-page" aria-live="polite">
                    {t('documents.preview.pageOf', { page, count: pageCount })}
                  </Text>
                  <ToolButton
                    label={t('documents.preview.nextPage')}
                    onClick={() => setPage((current) => Math.min(pageCount, current + 1))}
                    disabled={page >= pageCount}
                  >
                    <IconChevronRight size={18} />
                  </ToolButton>
                </Group>
              )}
            </Group>
            <Group gap={6}>
              <ToolButton
                label={t('documents.preview.download')}
                disabled={!loaded.data}
                onClick={() => loaded.data && downloadBytes(loaded.data.bytes, loaded.data.filename, loaded.data.type)}
              >
                <IconDownload size={18} />
              </ToolButton>
              {onDelete && (
                <ToolButton label={t('documents.preview.delete')} color="red" onClick={() => onDelete(document)}>
                  <IconTrash size={18} />
                </ToolButton>
              )}
            </Group>
          </Group>
          {isNotFound ? (
            <Alert color="red" title={t('errors.DOCUMENT_NOT_FOUND')}>
              {t('documents.notFoundDetail')}
            </Alert>
          ) : loaded.isError || hasRenderError ? (
            <Alert color="red" title={t('common.error')}>
              {t('documents.loadError')}
            </Alert>
          ) : !loaded.data ? (
            <Center mih={240}>
              <Loader size="sm" />
            </Center>
          ) : (
            <Suspense
              fallback={
                <Center mih={240}>
                  <Loader size="sm" />
                </Center>
              }
            >
              <PreviewBody
                loaded={loaded.data}
                isPdf={isPdf}
                is360={is360}
                page={page}
                zoom={zoom}
                rotation={rotation}
                onPageCount={setPageCount}
                onError={handleRenderError}
              />
            </Suspense>
          )}
        </Box>
      )}
    </Modal>
  );
}

function PreviewBody({
  loaded,
  isPdf,
  is360,
  page,
  zoom,
  rotation,
  onPageCount,
  onError,
}: {
  loaded: TLoadedDocument;
  isPdf: boolean;
  is360: boolean;
  page: number;
  zoom: number;
  rotation: number;
  onPageCount: (count: number) => void;
  onError: () => void;
}) {
  const { t } = useTranslation();
  const url = useObjectUrl(isPdf ? undefined : loaded.bytes, loaded.type);
  const area = useElementSize();
  // As the theme's transitions: a turn or a zoom happens at once for whoever asked for less motion.
  const isMotionReduced = useReducedMotion();
  if (is360 && url)
    return <PanoramaViewer url={url} label={t('documents.preview.panorama', { title: loaded.title })} />;
  return (
    <ScrollArea
      ref={area.ref}
      h="min(70vh, 640px)"
      type="auto"
      data-testid="preview-area"
      // Zoomed in, the page is larger than the box: the keyboard must be able to scroll it too.
      viewportProps={{ tabIndex: 0, 'aria-label': t('documents.preview.area', { title: loaded.title }) }}
    >
      <Center mih={240} p="sm">
        {isPdf ? (
          <PdfViewer
            bytes={loaded.bytes}
            page={page}
            zoom={zoom}
            rotation={rotation}
            // The box's width less the padding around the page.
            fitWidth={area.width - 24}
            label={t('documents.preview.pdfPage', { title: loaded.title, page })}
            onPageCount={onPageCount}
            onError={onError}
          />
        ) : (
          url && (
            <img
              src={url}
              alt={loaded.title}
              data-testid="preview-image"
              onError={onError}
              style={{
                maxWidth: zoom <= 1 ? '100%' : undefined,
                width: zoom > 1 ? `${zoom * 100}%` : undefined,
                transform: `rotate(${rotation}deg) scale(${zoom < 1 ? zoom : 1})`,
                transition: isMotionReduced ? undefined : 'transform 120ms ease',
              }}
            />
          )
        )}
      </Center>
    </ScrollArea>
  );
}
