import { Card, Checkbox, Group, Input, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PERMISSION_GROUPS } from '@mip/shared';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type TArea = keyof typeof PERMISSION_GROUPS;
const AREAS = Object.keys(PERMISSION_GROUPS) as TArea[];

/**
 * The permissions of a role, one titled group per area of the shared list,
 * each named in words with its explanation beneath (the stored codes such as
 * READ_ENTITY mean nothing to the people who pick them). Permissions the
 * editor does not hold cannot be added (nobody grants more than they have),
 * though they can be taken away.
 */
export function PermissionPicker({
  value,
  onChange,
  canGrant,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  canGrant: (permission: string) => boolean;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const setMany = (permissions: readonly string[], isOn: boolean) => {
    const next = new Set(chosen);
    for (const permission of permissions) {
      if (isOn && canGrant(permission)) next.add(permission);
      if (!isOn) next.delete(permission);
    }
    // Keep the catalogue's order, so the saved list reads the same way every time.
    const ordered = AREAS.flatMap((area) => PERMISSION_GROUPS[area]).filter((p) => next.has(p));
    const unknown = [...next].filter((p) => !ordered.includes(p as (typeof ordered)[number]));
    onChange([...ordered, ...unknown]);
  };

  return (
    // A field wrapper, so a refused save brings the user to the permissions like to any other field.
    <Input.Wrapper error={error} inputWrapperOrder={['error', 'input']} errorProps={{ role: 'alert', mb: 'sm' }}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {AREAS.map((area) => {
          const permissions = PERMISSION_GROUPS[area];
          const selectable = permissions.filter((p) => canGrant(p) || chosen.has(p));
          const selectedCount = permissions.filter((p) => chosen.has(p)).length;
          const isAllOn = selectable.length > 0 && selectable.every((p) => chosen.has(p));
          const areaTitle = t(`roles.areas.${area}`);
          return (
            <Card
              key={area}
              withBorder
              padding="md"
              role="group"
              aria-labelledby={`permission-area-${area}`}
              data-testid={`permission-area-${area}`}
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={3} size="h5" id={`permission-area-${area}`}>
                    {areaTitle}
                  </Title>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t('roles.selectedCount', { selected: selectedCount, total: permissions.length })}
                  </Text>
                </Group>
                <Checkbox
                  label={t('roles.selectAllInArea')}
                  checked={isAllOn}
                  indeterminate={!isAllOn && selectedCount > 0}
                  disabled={selectable.length === 0}
                  onChange={(event) => setMany(selectable, event.currentTarget.checked)}
                  fw={600}
                />
                <Stack gap="xs" pl="md">
                  {permissions.map((permission) => {
                    const isChosen = chosen.has(permission);
                    const isGrantable = canGrant(permission);
                    return (
                      <Checkbox
                        key={permission}
                        value={permission}
                        checked={isChosen}
                        disabled={!isChosen && !isGrantable}
                        onChange={(event) => setMany([permission], event.currentTarget.checked)}
                        label={t(`roles.permissionNames.${permission}`)}
                        description={
                          isGrantable
                            ? t(`roles.permissions.${permission}`)
                            : `${t(`roles.permissions.${permission}`)} ${t('roles.notGrantable')}`
                        }
                      />
                    );
                  })}
                </Stack>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}

/** A role's permissions, read-only: only those it has, grouped by area. */
export function PermissionSummary({ value }: { value: string[] }) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const areas = AREAS.map((area) => ({
    area,
    permissions: PERMISSION_GROUPS[area].filter((p) => chosen.has(p)),
  })).filter(({ permissions }) => permissions.length > 0);
  if (areas.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('roles.noPermissions')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {areas.map(({ area, permissions }) => (
        <Card key={area} withBorder padding="md" component="section" aria-labelledby={`permissions-${area}`}>
          <Title order={3} size="h5" id={`permissions-${area}`} mb="xs">
            {t(`roles.areas.${area}`)}
          </Title>
          <List spacing={6} icon={<IconCheck size={16} aria-hidden />} center>
            {permissions.map((permission) => (
              <List.Item key={permission}>
                <Text size="sm" fw={500}>
                  {t(`roles.permissionNames.${permission}`)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`roles.permissions.${permission}`)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Card>
      ))}
    </SimpleGrid>
  );
}
