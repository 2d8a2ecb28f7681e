import { Button, Center, Group, Image, Loader, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DOCUMENT_FILE_TYPES,
  DOCUMENT_TITLE_MAX,
  DOCUMENT_UPLOAD_MAX_MB,
  PHOTO_FILE_TYPES,
  type TDocumentCategory,
  type TDocumentOwnerKind,
  type TDocumentSummary,
  ZDocumentTitle,
} from '@mip/shared';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { refuseInvalidForm } from '../form-error';
import { notify } from '../notify';
import { errorText, showServerError } from '../server-errors';
import { FileDropzone } from './FileDropzone';
import { notifyFileProblem, type TFileProblemCode, type TFileRules } from './file-checks';
import { uploadDocument, useObjectUrl } from './useDocuments';

const PdfViewer = lazy(() => import('./PdfViewer').then((module) => ({ default: module.PdfViewer })));

/** Spec 001 §9: the photo and PDF modals take one file of up to 15 MB. */
export const UPLOAD_RULES: Record<TDocumentCategory, TFileRules> = {
  PHOTO: { accept: PHOTO_FILE_TYPES, maxMb: DOCUMENT_UPLOAD_MAX_MB, maxFiles: 1 },
  FILE: { accept: DOCUMENT_FILE_TYPES, maxMb: DOCUMENT_UPLOAD_MAX_MB, maxFiles: 1 },
};
const FILE_PROBLEM_CODES = new Set<string>(['INVALID_FILE_TYPE', 'TOO_MANY_FILES', 'FILE_TOO_LARGE']);

interface TFormValues {
  title: string;
  is360: boolean;
  file: File | null;
}

/** What the chosen file looks like before it is sent: the image, or the PDF's first page. */
function ChosenFilePreview({ file, category }: { file: File; category: TDocumentCategory }) {
  const { t } = useTranslation();
  const [bytes, setBytes] = useState<Uint8Array<ArrayBuffer>>();
  useEffect(() => {
    let isCurrent = true;
    void file.arrayBuffer().then((buffer) => isCurrent && setBytes(new Uint8Array(buffer)));
    return () => {
      isCurrent = false;
    };
  }, [file]);
  const url = useObjectUrl(category === 'PHOTO' ? bytes : undefined, file.type);
  const [hasError, setHasError] = useState(false);
  if (!bytes) return <Loader size="sm" />;
  if (category === 'PHOTO')
    return url ? <Image src={url} alt={t('documents.chosenPreview')} mah={220} fit="contain" radius="sm" /> : null;
  if (hasError) return null;
  return (
    <Center bg="var(--mantine-color-gray-light)" p="xs" style={{ borderRadius: 4, overflow: 'hidden' }} mah={260}>
      <Suspense fallback={<Loader size="sm" />}>
        <PdfViewer
          bytes={bytes}
          page={1}
          zoom={0.35}
          rotation={0}
          label={t('documents.chosenPreview')}
          onPageCount={() => undefined}
          onError={() => setHasError(true)}
        />
      </Suspense>
    </Center>
  );
}

/**
 * Spec 001 §2: the add-photo modal (title, 360 viewer switch, one image) and
 * the add-file modal (title, one PDF with a preview), for any record that
 * holds documents.
 */
export function AddDocumentModal({
  category,
  ownerKind,
  ownerId,
  opened,
  onClose,
  onAdded,
}: {
  category: TDocumentCategory;
  ownerKind: TDocumentOwnerKind;
  ownerId: number;
  opened: boolean;
  onClose: () => void;
  onAdded: (document: TDocumentSummary) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<TFormValues>({
    initialValues: { title: '', is360: false, file: null },
    validate: {
      title: (value) => {
        const result = ZDocumentTitle.safeParse(value);
        return result.success ? null : errorText(t, result.error.issues[0].message);
      },
      file: (value) => (value ? null : errorText(t, 'MISSING_FILE')),
    },
  });
  const rules = UPLOAD_RULES[category];
  const texts = category === 'PHOTO' ? 'documents.addPhoto' : 'documents.addFile';

  const upload = useMutation({
    mutationFn: (values: TFormValues) =>
      uploadDocument({
        ownerKind,
        ownerId,
        category,
        title: values.title,
        is360: values.is360,
        file: values.file as File,
      }),
    onSuccess: (document) => {
      notify({
        kind: 'success',
        title: t('common.success'),
        message: t(`${texts}.success`, { title: document.title }),
      });
      form.reset();
      onAdded(document);
      onClose();
    },
    onError: (error, values) => {
      // The server read the bytes too: its verdict on the file reads like the dropzone's.
      const fileError = error instanceof ApiError ? error.errors.find((e) => e.property === 'file') : undefined;
      if (fileError && FILE_PROBLEM_CODES.has(fileError.error)) {
        notifyFileProblem(t, { code: fileError.error as TFileProblemCode, file: values.file?.name }, rules.maxMb);
        form.setFieldValue('file', null);
        return;
      }
      showServerError(t, error, form.setErrors);
    },
  });

  const handleClose = () => {
    form.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={t(`${texts}.title`)}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      <form onSubmit={form.onSubmit((values) => upload.mutate(values), refuseInvalidForm(t))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('documents.fields.title')}
            required
            maxLength={DOCUMENT_TITLE_MAX}
            data-autofocus
            {...form.getInputProps('title')}
          />
          {category === 'PHOTO' && (
            <Switch
              label={t('documents.fields.is360')}
              description={t('documents.help.is360')}
              {...form.getInputProps('is360', { type: 'checkbox' })}
            />
          )}
          <FileDropzone
            label={t(`${texts}.file`)}
            required
            rules={rules}
            value={form.values.file}
            error={form.errors.file}
            onChange={(file) => form.setFieldValue('file', file)}
            preview={form.values.file && <ChosenFilePreview file={form.values.file} category={category} />}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={upload.isPending}>
              {t(`${texts}.submit`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
