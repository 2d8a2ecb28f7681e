import { Badge, Button, Group, Stack, Title, Typography } from '@mantine/core';
import type { THelpArticle } from '@mip/shared';
import { IconArrowLeft, IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One article as readers see it, the way back to the index, and with WRITE_HELP edit and delete. */
export function HelpArticleView({
  article,
  canWrite,
  onBack,
  onEdit,
  onDelete,
  isDeleting,
}: {
  article: THelpArticle;
  canWrite: boolean;
  onBack: () => void;
  onEdit: () => void;
  onDelete: () => void;
  isDeleting: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {t('help.backToIndex')}
        </Button>
        {canWrite && (
          <Group gap="xs">
            <Button variant="default" size="xs" leftSection={<IconEdit size={16} />} onClick={onEdit}>
              {t('common.edit')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={16} />}
              onClick={onDelete}
              loading={isDeleting}
            >
              {t('common.delete')}
            </Button>
          </Group>
        )}
      </Group>
      <Stack gap={4}>
        <Badge variant="light" style={{ alignSelf: 'flex-start' }} maw="100%">
          {article.category}
        </Badge>
        <Title order={2} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {article.title}
        </Title>
      </Stack>
      <Typography className="help-article">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored */}
        <div dangerouslySetInnerHTML={{ __html: article.contents }} data-testid="help-contents" />
      </Typography>
    </Stack>
  );
}
