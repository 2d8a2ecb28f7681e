import { Button, Group, Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { sampleIotMessage, type TIotQueue } from '@mip/shared';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { showServerError } from '../../components/server-errors';
import { sendTestMessage } from './useIotQueues';

/** Publishes a message to the queue's broker, written in the queue's own format from a reader id and a value. */
export function TestMessageButton({ queue }: { queue: TIotQueue }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [readerId, setReaderId] = useState('');
  const [value, setValue] = useState<number | string>(21.5);
  const [payload, setPayload] = useState('');
  const compose = (reader: string, reading: number | string) =>
    setPayload(sampleIotMessage(queue.format, reader, Number(reading) || 0, new Date()));
  const sending = useMutation({
    mutationFn: () => sendTestMessage(queue.id, payload),
    onSuccess: async () => {
      notify({ kind: 'success', title: t('common.success'), message: t('iotQueues.test.sent') });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['iot-queues'] });
    },
    onError: (error) => showServerError(t, error),
  });
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconSend size={16} />}
        onClick={() => {
          compose(readerId, value);
          setOpen(true);
        }}
      >
        {t('iotQueues.test.open')}
      </Button>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={t('iotQueues.test.title')} size="lg">
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label={t('iotQueues.test.readerId')}
              value={readerId}
              onChange={(event) => {
                setReaderId(event.currentTarget.value);
                compose(event.currentTarget.value, value);
              }}
            />
            <NumberInput
              label={t('iotQueues.test.value')}
              value={value}
              decimalScale={6}
              onChange={(next) => {
                setValue(next);
                compose(readerId, next);
              }}
            />
          </Group>
          <Textarea
            label={t('iotQueues.test.payload')}
            description={t('iotQueues.test.payloadHelp')}
            inputWrapperOrder={['label', 'input', 'description']}
            autosize
            minRows={4}
            maxRows={12}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            value={payload}
            onChange={(event) => setPayload(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button leftSection={<IconSend size={16} />} loading={sending.isPending} onClick={() => sending.mutate()}>
              {t('iotQueues.test.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
