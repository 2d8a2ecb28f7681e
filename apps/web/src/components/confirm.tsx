import { Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import { useState } from 'react';

function TypedConfirmation({
  expected,
  message,
  onValid,
}: {
  expected: string;
  message: string;
  onValid: (ok: boolean) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <Stack gap="sm">
      <Text size="sm">{message}</Text>
      <TextInput
        label={i18next.t('confirm.typeToConfirm', { text: expected })}
        value={value}
        data-autofocus
        onChange={(event) => {
          setValue(event.currentTarget.value);
          onValid(event.currentTarget.value === expected);
        }}
      />
    </Stack>
  );
}

/** White on Mantine's red 6 is 3.3:1; red 8 reaches WCAG AA (4.5:1), like the theme's error red. */
const DANGER_COLOUR = 'red.8';

/**
 * Asks before something that cannot be undone. With `requireText`, Yes stays
 * disabled until that exact text is typed (spec 001 §5). Resolves to the answer.
 */
export function confirmAction(options: {
  title: string;
  message: string;
  confirmLabel?: string;
  isDanger?: boolean;
  requireText?: string;
}): Promise<boolean> {
  return new Promise((resolve) => {
    const id = `confirm-${Math.random().toString(36).slice(2)}`;
    let isValid = !options.requireText;
    const open = () =>
      modals.openConfirmModal({
        modalId: id,
        title: options.title,
        centered: true,
        children: options.requireText ? (
          <TypedConfirmation
            expected={options.requireText}
            message={options.message}
            onValid={(ok) => {
              isValid = ok;
              modals.updateModal({
                modalId: id,
                confirmProps: { color: options.isDanger ? DANGER_COLOUR : undefined, disabled: !ok },
              });
            }}
          />
        ) : (
          <Text size="sm">{options.message}</Text>
        ),
        labels: { confirm: options.confirmLabel ?? i18next.t('confirm.yes'), cancel: i18next.t('confirm.no') },
        confirmProps: { color: options.isDanger ? DANGER_COLOUR : undefined, disabled: !isValid },
        onConfirm: () => resolve(isValid),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      });
    open();
  });
}
