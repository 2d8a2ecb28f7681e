import { Button, Image, Popover, Progress, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { HELP_IMAGE_FILE_TYPES, HELP_IMAGE_MAX_MB, isHttpUrl, type THelpImage } from '@mip/shared';
import { IconPhoto } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { FileDropzone } from '../../components/files/FileDropzone';
import {
  fileProblemText,
  findFileProblem,
  type TFileProblem,
  type TFileRules,
} from '../../components/files/file-checks';
import { errorText } from '../../components/server-errors';
import { uploadHelpImage } from './useHelp';

export const HELP_IMAGE_RULES: TFileRules = { accept: HELP_IMAGE_FILE_TYPES, maxMb: HELP_IMAGE_MAX_MB, maxFiles: 1 };

type TSource = 'computer' | 'address';

type TUpload =
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'done'; file: File; image: THelpImage }
  | { status: 'failed'; file: File; message: string };

/** The server's reason in the user's words: the file errors name the file and the size limit. */
function uploadErrorText(t: TFunction, error: unknown, file: File): string {
  if (!(error instanceof ApiError)) return t('errors.INTERNAL_ERROR');
  const code = error.errors[0]?.error ?? error.code;
  return t([`errors.${code}`, 'errors.INVALID_VALUE'], { file: file.name, size: HELP_IMAGE_MAX_MB });
}

/** Where the upload stands, under the chosen file: a progress bar, the uploaded picture, or why it failed. */
function UploadState({ upload }: { upload: TUpload }) {
  const { t } = useTranslation();
  if (upload.status === 'uploading') {
    const percent = Math.round(upload.progress * 100);
    const label = t('help.editor.imageUploading', { percent });
    return (
      <Stack gap={4}>
        <Progress value={percent} aria-label={label} />
        <Text size="xs" c="dimmed" aria-live="polite">
          {label}
        </Text>
      </Stack>
    );
  }
  if (upload.status === 'failed') {
    return (
      <Text size="sm" c="red" role="alert">
        {upload.message}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Image src={upload.image.src} alt="" mah={96} fit="contain" radius="sm" />
      <Text size="xs" c="dimmed" aria-live="polite">
        {t('help.editor.imageUploaded', { width: upload.image.width, height: upload.image.height })}
      </Text>
    </Stack>
  );
}

/**
 * Puts an image in the article: uploaded from the user's computer (picked,
 * dropped on the picker, or pasted or dropped into the text, which hands it
 * over as `droppedFile`) or by its address, always with a description for
 * those who cannot see it. The upload starts as soon as the file is chosen,
 * so it is done by the time the description is written.
 */
export function HelpImageControl({
  droppedFile,
  onDroppedFileTaken,
}: {
  droppedFile: File | null;
  onDroppedFileTaken: () => void;
}) {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const [isOpen, setOpen] = useState(false);
  const [source, setSource] = useState<TSource>('computer');
  const [upload, setUpload] = useState<TUpload | null>(null);
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; src?: string; alt?: string }>({});
  const uploading = useRef<AbortController | null>(null);

  useEffect(() => () => uploading.current?.abort(), []);

  const startUpload = async (file: File) => {
    uploading.current?.abort();
    const controller = new AbortController();
    uploading.current = controller;
    setErrors((current) => ({ ...current, file: undefined }));
    setUpload({ status: 'uploading', file, progress: 0 });
    try {
      const image = await uploadHelpImage(
        file,
        (progress) => controller.signal.aborted || setUpload({ status: 'uploading', file, progress }),
        controller.signal,
      );
      if (!controller.signal.aborted) setUpload({ status: 'done', file, image });
    } catch (error) {
      if (!controller.signal.aborted) setUpload({ status: 'failed', file, message: uploadErrorText(t, error, file) });
    }
  };

  /** A refused file is said inside the popover: a toast's close button, outside it, would close it. */
  const showFileProblem = (problem: TFileProblem) =>
    setErrors((current) => ({ ...current, file: fileProblemText(t, problem, HELP_IMAGE_MAX_MB).message }));

  const handleFileChosen = (file: File | null) => {
    if (file) {
      void startUpload(file);
      return;
    }
    uploading.current?.abort();
    setUpload(null);
  };

  // A picture pasted or dropped into the text: checked like a picked one, then uploaded while the description is written.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per file handed over; the callbacks may change identity
  useEffect(() => {
    if (!droppedFile) return;
    onDroppedFileTaken();
    setSource('computer');
    setOpen(true);
    void findFileProblem([droppedFile], HELP_IMAGE_RULES).then((problem) => {
      if (problem) showFileProblem(problem);
      else void startUpload(droppedFile);
    });
  }, [droppedFile]);

  const reset = () => {
    setUpload(null);
    setSrc('');
    setAlt('');
    setErrors({});
  };

  const handleInsert = () => {
    const description = alt.trim();
    const address = source === 'computer' ? (upload?.status === 'done' ? upload.image.src : '') : src.trim();
    const found: typeof errors = {};
    if (source === 'address' && !isHttpUrl(address)) found.src = errorText(t, 'INVALID_URL');
    if (source === 'computer' && !upload) found.file = errorText(t, 'MISSING_FILE');
    if (!description) found.alt = t('help.editor.imageAltMissing');
    setErrors(found);
    if (Object.keys(found).length > 0 || !address) return;
    editor?.chain().focus().setImage({ src: address, alt: description }).run();
    setOpen(false);
    reset();
  };

  const submitOnEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleInsert();
    }
  };

  return (
    <Popover
      opened={isOpen}
      onChange={setOpen}
      trapFocus
      shadow="md"
      position="bottom"
      // Taller than the room on either side of the toolbar on a small screen: it scrolls rather than leave the screen.
      middlewares={{ flip: true, shift: true, size: true }}
    >
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={t('help.editor.image')}
          title={t('help.editor.image')}
          onClick={() => setOpen((open) => !open)}
          active={isOpen}
        >
          <IconPhoto size={16} stroke={1.5} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown style={{ overflowY: 'auto' }}>
        <Stack gap="xs" w={280} maw="calc(100vw - 48px)">
          <SegmentedControl
            size="xs"
            fullWidth
            aria-label={t('help.editor.imageSource')}
            value={source}
            onChange={(value) => setSource(value as TSource)}
            data={[
              { value: 'computer', label: t('help.editor.imageFromComputer') },
              { value: 'address', label: t('help.editor.imageByAddress') },
            ]}
          />
          {source === 'computer' ? (
            <>
              <FileDropzone
                label={t('help.editor.imageFile')}
                rules={HELP_IMAGE_RULES}
                value={upload?.file ?? null}
                onChange={handleFileChosen}
                error={errors.file}
                required
                preview={upload && <UploadState upload={upload} />}
                onProblem={showFileProblem}
              />
              {!upload && (
                <Text size="xs" c="dimmed">
                  {t('help.editor.imagePasteHint')}
                </Text>
              )}
            </>
          ) : (
            <TextInput
              label={t('help.editor.imageUrl')}
              placeholder="https://"
              required
              value={src}
              error={errors.src}
              onChange={(event) => {
                setSrc(event.currentTarget.value);
                setErrors((current) => ({ ...current, src: undefined }));
              }}
              onKeyDown={submitOnEnter}
            />
          )}
          <TextInput
            label={t('help.editor.imageAlt')}
            description={t('help.editor.imageAltHint')}
            required
            value={alt}
            error={errors.alt}
            onChange={(event) => {
              setAlt(event.currentTarget.value);
              setErrors((current) => ({ ...current, alt: undefined }));
            }}
            onKeyDown={submitOnEnter}
          />
          <Button size="xs" onClick={handleInsert} loading={upload?.status === 'uploading'}>
            {t('help.editor.imageInsert')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
