import { ActionIcon, Button, FileButton, Group, Input, Paper, Text } from '@mantine/core';
import { detectFileType, FILE_TYPES, MEGABYTE, type TFileType } from '@mip/shared';
import { IconUpload, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { notifyFileProblem } from './files/file-checks';

/**
 * A picture chosen from a file (an icon, a thumbnail): its preview, a line
 * saying whether one is chosen, an upload button and a remove button.
 */
export function PictureField({
  label,
  description,
  error,
  preview,
  stateText,
  accept,
  uploadLabel,
  onFile,
  remove,
}: {
  label: string;
  description?: string;
  error?: ReactNode;
  preview: ReactNode;
  stateText: string;
  accept: string;
  uploadLabel: string;
  onFile: (file: File) => void;
  /** A remove button, when the picture may be left out. */
  remove?: { label: string; onClear: () => void };
}) {
  return (
    <Input.Wrapper
      label={label}
      error={error}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <Paper withBorder p="xs" mt={4}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Paper withBorder p={6}>
              {preview}
            </Paper>
            <Text size="sm" c="dimmed">
              {stateText}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <FileButton onChange={(file) => file && onFile(file)} accept={accept}>
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
                  {uploadLabel}
                </Button>
              )}
            </FileButton>
            {remove && (
              <ActionIcon variant="subtle" color="gray" aria-label={remove.label} onClick={remove.onClear}>
                <IconX size={16} />
              </ActionIcon>
            )}
          </Group>
        </Group>
      </Paper>
    </Input.Wrapper>
  );
}

/** A file's bytes as a data URL, without going through a FileReader event. */
export function toDataUrl(bytes: Uint8Array, mimeType: string): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return `data:${mimeType};base64,${btoa(binary)}`;
}

/**
 * A picture file as the API takes it: SVG markup, or a data URL for PNG and
 * JPEG. Checked by its bytes and size first, with the spec's messages; null
 * when refused.
 */
export async function readPictureFile(
  t: TFunction,
  file: File,
  accepted: readonly TFileType[],
  maxChars: number,
): Promise<string | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectFileType(bytes);
  if (!type || !accepted.includes(type)) {
    notifyFileProblem(t, { code: 'INVALID_FILE_TYPE', file: file.name });
    return null;
  }
  const value = type === 'svg' ? new TextDecoder().decode(bytes) : toDataUrl(bytes, FILE_TYPES[type].mimeType);
  if (value.length > maxChars) {
    notifyFileProblem(t, { code: 'FILE_TOO_LARGE', file: file.name }, Math.round((maxChars / MEGABYTE) * 100) / 100);
    return null;
  }
  return value;
}
