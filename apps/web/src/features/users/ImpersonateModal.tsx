import { Modal, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TUserListItem } from '@mip/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { STAFF_HOME_PATH } from '../../app/paths';
import { SEARCH_DEBOUNCE_MS } from '../../components/filters/FilterBar';
import { notify } from '../../components/notify';
import { TablePagination } from '../../components/table/TablePagination';
import { useSession } from '../auth/session-store';
import { startImpersonation } from './impersonation';
import { useUserSearch } from './useUsers';

/** Spec 000 §7: the modal searches active users of any type, five per page. */
export const IMPERSONATION_PAGE_SIZE = 5;

export function ImpersonateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(0);
  const [busyId, setBusyId] = useState<number | null>(null);
  const users = useUserSearch(
    {
      universalSearch: search,
      status: 'ACTIVE',
      activated: true,
      type: 'ANY',
      excludeSelf: true,
      currentPage: page,
      itemsPerPage: IMPERSONATION_PAGE_SIZE,
      sortProperty: 'name',
      sortDirection: 'ASC',
    },
    { enabled: opened },
  );

  const handleChoose = async (user: TUserListItem) => {
    if (!session) return;
    setBusyId(user.id);
    try {
      await startImpersonation(user.id, session);
      onClose();
      navigate(STAFF_HOME_PATH);
    } catch {
      notify({ kind: 'error', title: t('common.error'), message: t('impersonation.failed') });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('impersonation.title')} size="lg">
      <Stack gap="sm">
        <TextInput
          label={t('impersonation.search')}
          leftSection={<IconSearch size={16} />}
          value={text}
          data-autofocus
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(0);
          }}
        />
        <Table highlightOnHover aria-label={t('impersonation.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.fields.name')}</Table.Th>
              <Table.Th>{t('users.fields.entity')}</Table.Th>
              <Table.Th>{t('users.fields.role')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data?.content.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => void handleChoose(user)}
                    disabled={busyId !== null}
                    fw={600}
                    c="brand"
                    aria-label={t('impersonation.actAs', { name: user.name })}
                  >
                    {user.name}
                  </UnstyledButton>
                  <Text size="xs" c="dimmed">
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td>{user.entityName}</Table.Td>
                <Table.Td>{user.roleName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {users.data && users.data.content.length === 0 && <Text c="dimmed">{t('users.noUsers')}</Text>}
        {users.data && (
          <TablePagination
            page={page}
            totalPages={users.data.totalPages}
            totalItems={users.data.totalItems}
            onChange={setPage}
          />
        )}
      </Stack>
    </Modal>
  );
}
