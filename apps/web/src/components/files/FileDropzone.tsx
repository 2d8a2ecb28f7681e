import '@mantine/dropzone/styles.css';
import { ActionIcon, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findFileProblem, notifyFileProblem, type TFileProblem, type TFileRules } from './file-checks';
import { formatFileSize } from './file-size';

/**
 * One file chosen by dropping or picking it. Type, size and count are
 * checked on its bytes before it is taken, with the spec's error messages;
 * the server checks again.
 */
export function FileDropzone({
  label,
  rules,
  value,
  onChange,
  error,
  required,
  preview,
  onProblem,
}: {
  label: string;
  rules: TFileRules;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  required?: boolean;
  /** Shown under the chosen file (an image, the first page of a PDF). */
  preview?: ReactNode;
  /** Where a refused file's problem goes instead of a notification (a popover a toast's click would close). */
  onProblem?: (problem: TFileProblem) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const [isChecking, setIsChecking] = useState(false);
  const types = rules.accept.map((type) => type.toUpperCase()).join(', ');

  const handleFiles = async (files: File[]) => {
    setIsChecking(true);
    try {
      const problem = await findFileProblem(files, rules);
      if (problem) {
        if (onProblem) onProblem(problem);
        else notifyFileProblem(t, problem, rules.maxMb);
        return;
      }
      onChange(files[0] ?? null);
    } finally {
      setIsChecking(false);
    }
  };

  return (
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: labelId }} error={error} required={required}>
      <Stack gap="xs" mt={4}>
        {value ? (
          <Paper withBorder p="sm" data-testid="chosen-file">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <IconFileUpload size={20} aria-hidden />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {value.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(value.size)}
                  </Text>
                </div>
              </Group>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('documents.removeChosenFile', { name: value.name })}
                onClick={() => onChange(null)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        ) : (
          <Dropzone
            onDrop={(files) => void handleFiles(files)}
            // The count, size and type checks are ours (on the bytes): the dropzone lets everything through.
            onReject={(rejections) => void handleFiles(rejections.map((rejection) => rejection.file))}
            loading={isChecking}
            inputProps={{ 'aria-labelledby': labelId, 'aria-describedby': `${labelId}-rules` }}
          >
            <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
              <IconUpload size={32} stroke={1.5} aria-hidden />
              <div>
                <Text size="sm" fw={500}>
                  {t('documents.dropHere')}
                </Text>
                <Text size="xs" c="dimmed" id={`${labelId}-rules`}>
                  {t('documents.dropRules', { types, size: rules.maxMb, count: rules.maxFiles ?? 1 })}
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}
        {value && preview}
      </Stack>
    </Input.Wrapper>
  );
}
