import {
  ActionIcon,
  AspectRatio,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { TDocumentCategory, TDocumentOwnerKind, TDocumentSummary } from '@mip/shared';
import { IconFileTypePdf, IconPhotoPlus, IconPlus, IconTrash, IconView360 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../api/client';
import { deleteWithConfirmation } from '../delete-record';
import { AddDocumentModal } from './AddDocumentModal';
import { FilePreviewModal, type TPreviewedDocument } from './FilePreviewModal';
import { formatFileSize } from './file-size';
import { deleteDocument, useDocumentContents, useObjectUrl } from './useDocuments';

/** A photo's small image: public ones straight from their cacheable URL, others through the signed-in call. */
function Thumbnail({ document }: { document: TDocumentSummary }) {
  const loaded = useDocumentContents(document.isPublic ? null : document.id);
  const url = useObjectUrl(loaded.data?.bytes, loaded.data?.type);
  const src = document.isPublic ? `${API_BASE}documents/public/${document.id}/contents` : url;
  return (
    <AspectRatio ratio={4 / 3}>
      {src ? <Image src={src} alt="" fit="cover" radius="sm" /> : <Paper withBorder radius="sm" />}
    </AspectRatio>
  );
}

/**
 * Spec 001 §2 system edit sections: Images and Files, each with an add
 * button, a preview on click and a delete with confirmation. Any record that
 * holds documents (systems, incidents, event requests) shows them this way.
 */
export function DocumentSections({
  ownerKind,
  ownerId,
  photos,
  files,
  canEdit,
  onChanged,
}: {
  ownerKind: TDocumentOwnerKind;
  ownerId: number;
  photos: TDocumentSummary[];
  /** Absent for records that hold photos only: the Files section is left out. */
  files?: TDocumentSummary[];
  canEdit: boolean;
  onChanged: () => Promise<unknown> | undefined;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<TDocumentCategory | null>(null);
  const [previewed, setPreviewed] = useState<TPreviewedDocument | null>(null);

  const handleDelete = async (document: TPreviewedDocument) => {
    const isDeleted = await deleteWithConfirmation(t, {
      name: document.title,
      remove: () => deleteDocument(document.id),
    });
    if (!isDeleted) return;
    setPreviewed(null);
    await onChanged();
  };

  const addButton = (category: TDocumentCategory) =>
    canEdit && (
      <Button
        variant="light"
        size="xs"
        leftSection={category === 'PHOTO' ? <IconPhotoPlus size={16} /> : <IconPlus size={16} />}
        onClick={() => setAdding(category)}
      >
        {t(category === 'PHOTO' ? 'documents.addPhoto.button' : 'documents.addFile.button')}
      </Button>
    );
  const deleteButton = (document: TDocumentSummary) =>
    canEdit && (
      <Tooltip label={t('common.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('documents.deleteNamed', { title: document.title })}
          onClick={() => void handleDelete(document)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    );

  return (
    <>
      <Card withBorder padding="lg" component="section" aria-labelledby="documents-images">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4" id="documents-images">
              {t('documents.images')}
            </Title>
            {addButton('PHOTO')}
          </Group>
          {photos.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('documents.noImages')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" data-testid="document-photos">
              {photos.map((photo) => (
                <Stack key={photo.id} gap={4}>
                  <UnstyledButton
                    onClick={() => setPreviewed(photo)}
                    aria-label={t('documents.previewNamed', { title: photo.title })}
                  >
                    <Thumbnail document={photo} />
                  </UnstyledButton>
                  <Group justify="space-between" gap={4} wrap="nowrap">
                    <Group gap={4} wrap="nowrap" miw={0}>
                      <Text size="sm" truncate>
                        {photo.title}
                      </Text>
                      {photo.props.is360 && (
                        <Badge size="xs" variant="light" leftSection={<IconView360 size={12} />}>
                          360°
                        </Badge>
                      )}
                    </Group>
                    {deleteButton(photo)}
                  </Group>
                </Stack>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Card>
      {files && (
        <Card withBorder padding="lg" component="section" aria-labelledby="documents-files">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4" id="documents-files">
                {t('documents.files')}
              </Title>
              {addButton('FILE')}
            </Group>
            {files.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('documents.noFiles')}
              </Text>
            ) : (
              <Stack gap="xs" data-testid="document-files">
                {files.map((file) => (
                  <Paper key={file.id} withBorder p="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <UnstyledButton onClick={() => setPreviewed(file)} style={{ minWidth: 0, flex: 1 }}>
                        <VisuallyHidden>{t('documents.previewAction')}</VisuallyHidden>
                        <Group gap="sm" wrap="nowrap">
                          <IconFileTypePdf size={22} aria-hidden />
                          <div style={{ minWidth: 0 }}>
                            <Text size="sm" fw={500} truncate>
                              {file.title}
                            </Text>
                            <Text size="xs" c="dimmed" truncate>
                              {file.filename} · {formatFileSize(file.size)}
                            </Text>
                          </div>
                        </Group>
                      </UnstyledButton>
                      {deleteButton(file)}
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
          </Stack>
        </Card>
      )}
      {adding && (
        <AddDocumentModal
          category={adding}
          ownerKind={ownerKind}
          ownerId={ownerId}
          opened
          onClose={() => setAdding(null)}
          onAdded={() => void onChanged()}
        />
      )}
      <FilePreviewModal
        document={previewed}
        onClose={() => setPreviewed(null)}
        onDelete={canEdit ? (document) => void handleDelete(document) : undefined}
      />
    </>
  );
}
