import '@mantine/dropzone/styles.css';
import { Alert, Group, List, NumberInput, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  DEFAULT_SPRITE_SIZE,
  detectFileType,
  FILE_SIGNATURE_BYTES,
  SPRITE_SIZE_MAX,
  SPRITE_SIZE_MIN,
  SPRITE_SVG_MAX_CHARS,
} from '@mip/shared';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notify } from '../../components/notify';
import { errorText } from '../../components/server-errors';
import { spriteNameFromFile } from './sprite-names';
import { saveSprite } from './useSprites';

interface TUploadOutcome {
  file: string;
  name: string;
  /** The problem in the user's language, or null when the icon was added. */
  problem: string | null;
}

function OutcomeAlert({
  color,
  title,
  testId,
  children,
}: {
  color: 'teal' | 'red';
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    // A tinted title on a tinted background is too faint to read: the text keeps the body colour.
    <Alert color={color} variant="light" title={title} c="var(--mantine-color-text)" data-testid={testId}>
      {children}
    </Alert>
  );
}

/** Up to this many files in one drop: a whole icon set, one request each. */
const MAX_FILES = 100;

/**
 * Drop or pick SVG files: each becomes an icon named after its file, at the
 * chosen size. Each file is checked by its bytes first; the server sanitises
 * and checks again. What happened to each file is listed under the box.
 */
export function SpriteUploader() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const labelId = useId();
  const [size, setSize] = useState<number | string>(DEFAULT_SPRITE_SIZE);
  const [isUploading, setIsUploading] = useState(false);
  const [outcomes, setOutcomes] = useState<TUploadOutcome[]>([]);

  const uploadOne = async (file: File): Promise<TUploadOutcome> => {
    const name = spriteNameFromFile(file.name);
    const head = new Uint8Array(await file.slice(0, FILE_SIGNATURE_BYTES).arrayBuffer());
    if (detectFileType(head) !== 'svg') {
      return { file: file.name, name, problem: t('errors.INVALID_FILE_TYPE', { file: file.name }) };
    }
    const svg = await file.text();
    if (svg.length > SPRITE_SVG_MAX_CHARS) {
      return { file: file.name, name, problem: t('sprites.fileTooLarge', { size: SPRITE_SVG_MAX_CHARS / 1024 }) };
    }
    try {
      await saveSprite(null, { name, svg, size: Number(size) || DEFAULT_SPRITE_SIZE });
      return { file: file.name, name, problem: null };
    } catch (error) {
      const code = error instanceof ApiError ? (error.errors[0]?.error ?? error.code) : 'INTERNAL_ERROR';
      return { file: file.name, name, problem: errorText(t, code) };
    }
  };

  const handleFiles = async (files: File[]) => {
    if (files.length === 0) return;
    if (files.length > MAX_FILES) {
      notify({
        kind: 'error',
        title: t('errors.TOO_MANY_FILES_TITLE'),
        message: t('sprites.tooManyFiles', { count: MAX_FILES }),
      });
      return;
    }
    setIsUploading(true);
    const results: TUploadOutcome[] = [];
    try {
      // One after another: each write rebuilds the sheet, and they queue on the server anyway.
      for (const file of files) results.push(await uploadOne(file));
    } finally {
      setIsUploading(false);
      setOutcomes(results);
      await queryClient.invalidateQueries({ queryKey: ['sprites'] });
    }
    const added = results.filter((result) => result.problem === null).length;
    const failed = results.length - added;
    if (added > 0)
      notify({ kind: 'success', title: t('common.success'), message: t('sprites.added', { count: added }) });
    if (failed > 0)
      notify({ kind: 'error', title: t('sprites.notAddedTitle'), message: t('sprites.notAdded', { count: failed }) });
  };

  const failures = outcomes.filter((outcome) => outcome.problem !== null);
  const successes = outcomes.filter((outcome) => outcome.problem === null);

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md" wrap="wrap">
        <NumberInput
          label={t('sprites.fields.size')}
          description={t('sprites.help.size')}
          min={SPRITE_SIZE_MIN}
          max={SPRITE_SIZE_MAX}
          allowDecimal={false}
          suffix=" px"
          w={220}
          value={size}
          onChange={setSize}
        />
      </Group>
      <Text size="sm" fw={500} id={labelId}>
        {t('sprites.dropLabel')}
      </Text>
      <Dropzone
        onDrop={(files) => void handleFiles(files)}
        // The type checks are ours (on the bytes), so a rejected file is still looked at and explained.
        onReject={(rejections) => void handleFiles(rejections.map((rejection) => rejection.file))}
        loading={isUploading}
        multiple
        inputProps={{ 'aria-labelledby': labelId, 'aria-describedby': `${labelId}-rules` }}
      >
        <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
          <IconUpload size={32} stroke={1.5} aria-hidden />
          <div>
            <Text size="sm" fw={500}>
              {t('sprites.dropHere')}
            </Text>
            <Text size="xs" c="dimmed" id={`${labelId}-rules`}>
              {t('sprites.dropRules', { size: SPRITE_SVG_MAX_CHARS / 1024, count: MAX_FILES })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {successes.length > 0 && (
        <OutcomeAlert color="teal" title={t('sprites.added', { count: successes.length })} testId="sprites-added">
          <Text size="sm">{successes.map((outcome) => outcome.name).join(', ')}</Text>
        </OutcomeAlert>
      )}
      {failures.length > 0 && (
        <OutcomeAlert color="red" title={t('sprites.notAdded', { count: failures.length })} testId="sprites-failed">
          <List size="sm" spacing={4}>
            {failures.map((outcome) => (
              <List.Item key={outcome.file}>
                <Text span fw={600} size="sm">
                  {outcome.file}
                </Text>
                : {outcome.problem}
              </List.Item>
            ))}
          </List>
        </OutcomeAlert>
      )}
    </Stack>
  );
}
