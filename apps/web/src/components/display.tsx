import { ActionIcon, Badge, Button, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A status in words beside a coloured dot, so colour is never the only sign.
 * The text keeps the body colour: tinted badge text is too faint to read.
 */
export function StatusBadge({ label, isPositive }: { label: string; isPositive: boolean }) {
  return (
    <Badge variant="dot" color={isPositive ? 'teal' : 'gray'} tt="none" size="md" miw="max-content">
      {label}
    </Badge>
  );
}

/** An empty cell or field: a dash to the eye, words to a screen reader. */
export function NoValue() {
  const { t } = useTranslation();
  return (
    <Text span size="sm" c="dimmed">
      <span aria-hidden>—</span>
      <VisuallyHidden>{t('common.noValue')}</VisuallyHidden>
    </Text>
  );
}

/** A date and time that may break between the two when a column is tight, never inside either. */
export function DateTimeText({ text }: { text: string }) {
  return (
    <Text size="sm">
      {text.split(' ').map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
        <Fragment key={index}>
          {index > 0 && ' '}
          <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
        </Fragment>
      ))}
    </Text>
  );
}

/**
 * A list's main action beside its search box: a labelled button on wide
 * screens, an icon button with the same accessible name on phones, where the
 * row has no room for the text.
 */
export function ToolbarAction({
  label,
  icon,
  to,
  onClick,
  isLoading = false,
  variant = 'filled',
}: {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  isLoading?: boolean;
  variant?: 'filled' | 'default';
}) {
  const link = to ? { component: Link, to } : {};
  return (
    <>
      <Button
        visibleFrom="sm"
        variant={variant}
        leftSection={icon}
        loading={isLoading}
        onClick={onClick}
        {...(link as object)}
      >
        {label}
      </Button>
      <Tooltip label={label}>
        <ActionIcon
          hiddenFrom="sm"
          size="input-sm"
          variant={variant}
          aria-label={label}
          loading={isLoading}
          onClick={onClick}
          {...(link as object)}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/** Label and value pairs of a card (an incident's dates, a road segment's speed…), one row each. */
export function DetailsTable({ label, rows }: { label?: string; rows: readonly (readonly [ReactNode, ReactNode])[] }) {
  return (
    <Table aria-label={label} variant="vertical" withTableBorder>
      <Table.Tbody>
        {rows.map(([name, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed for a card and never reorder
          <Table.Tr key={index}>
            <Table.Th w="45%">{name}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
