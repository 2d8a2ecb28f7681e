import { Card, Group, PasswordInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEFAULT_IOT_MESSAGE_FORMAT,
  IOT_QUEUE_PROTOCOLS,
  isMqttProtocol,
  type TIotQueue,
  type TIotQueueInput,
  type TIotQueueProtocol,
  ZIotQueueInput,
} from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DelayedLoader } from '../../components/DelayedLoader';
import { notifyInvalidForm } from '../../components/form-error';
import { FormActions } from '../../components/forms/FormActions';
import { RecordLoadFailure } from '../../components/forms/RecordLoadFailure';
import { useRecordForm } from '../../components/forms/useRecordForm';
import { TitledSection } from '../../components/TitledSection';
import { validateWithSchema } from '../auth/zod-form';
import { DeadLetters } from './DeadLetters';
import { QueueFigures, QueueStateBadge } from './QueueStatus';
import { TestMessageButton } from './TestMessageButton';
import { deleteIotQueue, saveIotQueue, useIotQueue } from './useIotQueues';

interface TFormValues {
  name: string;
  protocol: TIotQueueProtocol;
  url: string;
  username: string;
  password: string;
  topic: string;
  format: { readingsPath: string; readerIdPath: string; valuePath: string; timestampPath: string };
  enabled: boolean;
}

const EMPTY: TFormValues = {
  name: '',
  protocol: 'MQTT_3_1_1',
  url: 'mqtt://127.0.0.1:1883',
  username: '',
  password: '',
  topic: '',
  format: { ...DEFAULT_IOT_MESSAGE_FORMAT, readingsPath: '' },
  enabled: true,
};

function toFormValues(queue: TIotQueue): TFormValues {
  return {
    name: queue.name,
    protocol: queue.protocol,
    url: queue.url,
    username: queue.username ?? '',
    password: '',
    topic: queue.topic,
    format: {
      readingsPath: queue.format.readingsPath ?? '',
      readerIdPath: queue.format.readerIdPath,
      valuePath: queue.format.valuePath,
      timestampPath: queue.format.timestampPath ?? '',
    },
    enabled: queue.enabled,
  };
}

/** An empty password field keeps the stored password: only a typed one replaces it. */
function toInput(values: TFormValues): TIotQueueInput {
  return { ...values, username: values.username || null, password: values.password || null };
}

/** /iot-queue/create and /iot-queue/{id}: the broker, how messages are read, live status, tests and dead letters. */
export default function QueueFormPage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const queue = useIotQueue(id);
  const form = useForm<TFormValues>({
    initialValues: EMPTY,
    validate: (values) => validateWithSchema(t, ZIotQueueInput, toInput(values)),
  });
  const { saving, handleDelete, handleCancel } = useRecordForm({
    id,
    record: queue.data,
    form,
    toFormValues,
    save: (values) => saveIotQueue(id, toInput(values)),
    remove: deleteIotQueue,
    queryKey: ['iot-queues'],
    texts: { created: 'iotQueues.created', updated: 'iotQueues.updated' },
    paths: { list: '/iot-queue', record: (recordId) => `/iot-queue/${recordId}` },
    errorScope: 'iotQueues',
  });

  if (id !== null && queue.isPending) return <DelayedLoader />;
  if (id !== null && queue.isError) return <RecordLoadFailure query={queue} notFoundText={t('iotQueues.notFound')} />;
  const isMqtt = isMqttProtocol(form.values.protocol);

  return (
    <Stack gap="lg" maw={1100}>
      {queue.data && (
        <Card withBorder component="section" aria-labelledby="queue-status-title">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm">
              <Title order={2} size="h4" id="queue-status-title">
                {t('iotQueues.status.title')}
              </Title>
              <QueueStateBadge queue={queue.data} />
            </Group>
            <TestMessageButton queue={queue.data} />
          </Group>
          <Stack mt="sm" gap="xs">
            <QueueFigures queue={queue.data} />
          </Stack>
        </Card>
      )}
      <form
        onSubmit={form.onSubmit(
          (values) => saving.mutate(values),
          () => notifyInvalidForm(t),
        )}
        noValidate
      >
        <Stack gap="md">
          <TitledSection id="queue-broker" title={t('iotQueues.sections.broker')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('iotQueues.fields.name')} required maxLength={200} {...form.getInputProps('name')} />
              <Select
                label={t('iotQueues.fields.protocol')}
                required
                allowDeselect={false}
                data={IOT_QUEUE_PROTOCOLS.map((protocol) => ({
                  value: protocol,
                  label: t(`iotQueues.protocols.${protocol}`),
                }))}
                {...form.getInputProps('protocol')}
              />
              <TextInput
                label={t('iotQueues.fields.url')}
                description={t(isMqtt ? 'iotQueues.help.urlMqtt' : 'iotQueues.help.urlAmqp')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                {...form.getInputProps('url')}
              />
              <TextInput
                label={t(isMqtt ? 'iotQueues.fields.topic' : 'iotQueues.fields.queueName')}
                description={t(isMqtt ? 'iotQueues.help.topic' : 'iotQueues.help.queueName')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                {...form.getInputProps('topic')}
              />
              <TextInput
                label={t('iotQueues.fields.username')}
                autoComplete="off"
                {...form.getInputProps('username')}
              />
              <PasswordInput
                label={t('iotQueues.fields.password')}
                description={t(queue.data?.hasPassword ? 'iotQueues.help.passwordKept' : 'iotQueues.help.password')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
            </SimpleGrid>
            <Switch
              mt="sm"
              label={t('iotQueues.fields.enabled')}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
          </TitledSection>
          <TitledSection id="queue-format" title={t('iotQueues.sections.format')}>
            <Text size="sm" c="dimmed">
              {t('iotQueues.help.format')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('iotQueues.fields.readerIdPath')}
                required
                {...form.getInputProps('format.readerIdPath')}
              />
              <TextInput label={t('iotQueues.fields.valuePath')} required {...form.getInputProps('format.valuePath')} />
              <TextInput
                label={t('iotQueues.fields.timestampPath')}
                description={t('iotQueues.help.timestampPath')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('format.timestampPath')}
              />
              <TextInput
                label={t('iotQueues.fields.readingsPath')}
                description={t('iotQueues.help.readingsPath')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('format.readingsPath')}
              />
            </SimpleGrid>
          </TitledSection>
          <FormActions
            submitLabel={id === null ? t('iotQueues.create') : t('common.save')}
            isSaving={saving.isPending}
            onCancel={handleCancel}
            onDelete={handleDelete}
          />
        </Stack>
      </form>
      {queue.data && <DeadLetters queue={queue.data} />}
    </Stack>
  );
}
