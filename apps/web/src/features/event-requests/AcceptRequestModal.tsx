import { Alert, Button, Group, Modal, Select, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CURRENT_EVENT_COLOUR,
  EVENT_PRIORITIES,
  type TEventPriority,
  type TEventRequest,
  type TEventRequestAccept,
  type TGeometry,
} from '@mip/shared';
import { useTranslation } from 'react-i18next';
import { GeometryEditor } from '../mobility-systems/GeometryEditor';
import { acceptEventRequest } from './useEventRequests';
import { useRequestDecision } from './useRequestDecision';

interface TFormValues {
  priority: TEventPriority;
  isPublic: boolean;
  /** Where the event goes, asked for only when the reporter gave no location. */
  geojson: TGeometry | null;
}

/** The values as POST /event-requests/{id}/accept takes them: the point placed here becomes the event's shape. */
function toInput(values: TFormValues, needsLocation: boolean): TEventRequestAccept {
  return {
    priority: values.priority,
    isPublic: values.isPublic,
    geojson:
      needsLocation && values.geojson
        ? { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: values.geojson, properties: {} }] }
        : null,
  };
}

/**
 * Accepting a request turns it into an event (spec 001 §2, §4): its priority,
 * whether visitors see it, and — when the report has no location — a point
 * on the map (the server answers MISSING_GEOMETRY without one).
 */
export function AcceptRequestModal({
  request,
  opened,
  onClose,
}: {
  request: TEventRequest;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const needsLocation = request.geometry === null;
  const form = useForm<TFormValues>({ initialValues: { priority: 'NORMAL', isPublic: true, geojson: null } });

  const {
    deciding: accepting,
    handleClose,
    refuse,
  } = useRequestDecision({
    form,
    send: (values) => acceptEventRequest(request.id, toInput(values, needsLocation)),
    onClose,
    success: (accepted) => ({
      title: t('eventRequests.accept.success'),
      message: accepted.event ? t('eventRequests.accept.successEvent', { id: accepted.event.id }) : undefined,
    }),
  });

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={t('eventRequests.accept.title')}
      size={needsLocation ? 'xl' : 'md'}
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      <form onSubmit={form.onSubmit((values) => accepting.mutate(values), refuse)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('eventRequests.accept.intro', { title: request.title })}</Text>
          <Select
            label={t('eventRequests.fields.priority')}
            required
            allowDeselect={false}
            data-autofocus
            data={EVENT_PRIORITIES.map((priority) => ({
              value: priority,
              label: t(`eventVocab.priority.${priority}`),
            }))}
            {...form.getInputProps('priority')}
          />
          <Switch
            label={t('eventRequests.fields.isPublic')}
            description={t('eventRequests.accept.isPublicHelp')}
            {...form.getInputProps('isPublic', { type: 'checkbox' })}
          />
          {needsLocation && (
            <Stack gap="xs">
              <Alert color="blue" variant="light">
                {t('eventRequests.accept.noLocation')}
              </Alert>
              <GeometryEditor
                systemType="STOP"
                value={form.values.geojson}
                onChange={(geometry) => {
                  form.setFieldValue('geojson', geometry);
                  form.clearFieldError('geojson');
                }}
                error={form.errors.geojson}
                color={CURRENT_EVENT_COLOUR}
                mapLabel={t('eventRequests.accept.mapLabel')}
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={accepting.isPending}>
              {t('eventRequests.accept.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
