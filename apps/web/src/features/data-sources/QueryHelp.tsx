import { Code, List, Stack, Text } from '@mantine/core';
import { DATA_SOURCE_ROW_CAP } from '@mip/shared';
import { Trans, useTranslation } from 'react-i18next';
import { BRACES } from '../../components/query-parameters/parameter-definition-form';
import { formatNumber } from '../../lib/numbers';

const CODE = <Code />;

/** How a query names its parameters and what it may bind besides them (see the shared queries module). */
export function QueryHelp() {
  const { t, i18n } = useTranslation();
  const items = ['bind', 'multiple', 'partial', 'builtIns', 'rowCap'] as const;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('dataSources.help.intro')}</Text>
      <List size="sm" spacing={4}>
        {items.map((item) => (
          <List.Item key={item}>
            <Trans
              i18nKey={`dataSources.help.${item}`}
              values={{ rows: formatNumber(DATA_SOURCE_ROW_CAP, i18n.language), ...BRACES }}
              components={{ code: CODE }}
            />
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
