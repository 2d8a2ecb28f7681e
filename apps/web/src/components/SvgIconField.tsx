import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconCode } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupIcon } from '../features/mobility-groups/GroupIcon';
import { PictureField, readPictureFile } from './PictureField';

/**
 * An SVG icon as the API takes it (markup; null without one): its preview, an
 * upload button for an .svg file, a remove button and, where the screen offers
 * it, a box to paste the SVG code into. Checking pasted code is the form's
 * part (looksLikeSvg in ./svg-icon).
 */
export function SvgIconField({
  value,
  onChange,
  error,
  maxLength,
  color = null,
  noIconText,
  canPaste = false,
}: {
  value: string | null;
  onChange: (icon: string | null) => void;
  error?: ReactNode;
  /** The longest markup the API takes. */
  maxLength: number;
  /** What the preview shows without an icon: the record's colour, or grey. */
  color?: string | null;
  /** What the field says without an icon, when the screen says more than the default. */
  noIconText?: string;
  canPaste?: boolean;
}) {
  const { t } = useTranslation();
  const [isPasting, setIsPasting] = useState(false);

  const handleFile = async (file: File) => {
    const svg = await readPictureFile(t, file, ['svg'], maxLength);
    if (svg !== null) onChange(svg);
  };

  const picture = (
    <PictureField
      label={t('svgIcon.label')}
      description={t('svgIcon.help')}
      error={error}
      preview={<GroupIcon icon={value} color={color} size={32} />}
      stateText={value ? t('svgIcon.chosen') : (noIconText ?? t('svgIcon.none'))}
      accept="image/svg+xml,.svg"
      uploadLabel={t('svgIcon.upload')}
      onFile={(file) => void handleFile(file)}
      remove={value ? { label: t('svgIcon.remove'), onClear: () => onChange(null) } : undefined}
    />
  );
  if (!canPaste) return picture;

  return (
    <Stack gap={6}>
      {picture}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconCode size={14} />}
          aria-expanded={isPasting}
          onClick={() => setIsPasting((open) => !open)}
        >
          {t('svgIcon.paste')}
        </Button>
      </Group>
      {isPasting && (
        <Textarea
          label={t('svgIcon.markupLabel')}
          description={t('svgIcon.markupHelp')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={maxLength}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          value={value ?? ''}
          onChange={(event) => onChange(event.currentTarget.value.trim() ? event.currentTarget.value : null)}
        />
      )}
    </Stack>
  );
}
