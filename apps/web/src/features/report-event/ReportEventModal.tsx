import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Image,
  Input,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  EVENT_REQUEST_MAX_PHOTOS,
  EVENT_REQUEST_PHOTO_MAX_MB,
  PHOTO_FILE_TYPES,
  type TEventCategory,
  type TEventRequestCreated,
  type TEventRequestInput,
  type TLanguage,
  type TPagedList,
  ZEventRequestInput,
} from '@mip/shared';
import { IconCircleCheck, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../api/client';
import { tellHost } from '../../app/host-app';
import { DESKTOP_QUERY } from '../../app/shell/ConsoleLayout';
import { findFileProblem, notifyFileProblem, type TFileRules } from '../../components/files/file-checks';
import { formatFileSize } from '../../components/files/file-size';
import { hideErrorsAbout, notify } from '../../components/notify';
import { errorText } from '../../components/server-errors';
import { PAGE_MESSAGE } from '../../lib/host-messages';
import { useAppConfiguration } from '../configuration/useAppConfiguration';
import { readMapSettings } from '../map/map-config';
import { usePublicSystem } from '../timetable/useSchedule';
import { LocationPicker } from './LocationPicker';
import {
  issuesOf,
  REPORT_FIELDS,
  readAsBase64,
  readPhotoLocation,
  type TPhotoLocation,
  toReportErrors,
} from './report-form';

/** Spec 001 §7: the categories a visitor may report, by name, 50 of them. */
const CATEGORY_QUERY = {
  isPublic: true,
  sortProperty: 'name',
  sortDirection: 'ASC',
  currentPage: 0,
  itemsPerPage: 50,
} as const;

const PHOTO_RULES: TFileRules = {
  accept: PHOTO_FILE_TYPES,
  maxMb: EVENT_REQUEST_PHOTO_MAX_MB,
  maxFiles: EVENT_REQUEST_MAX_PHOTOS,
};

interface TChosenPhoto {
  file: File;
  url: string;
  location: TPhotoLocation | null;
}

interface TFormValues {
  categoryId: string | null;
  participantName: string;
  participantEmail: string;
  title: string;
  description: string;
}

function useReportCategories() {
  return useQuery({
    queryKey: ['event-categories', 'search', CATEGORY_QUERY],
    queryFn: ({ signal }) => api.get<TPagedList<TEventCategory>>('event-categories/search', CATEGORY_QUERY, signal),
    staleTime: 5 * 60_000,
  });
}

/** The chosen photos, each with a preview and a way to take it out again. */
function ChosenPhotos({ photos, onRemove }: { photos: TChosenPhoto[]; onRemove: (photo: TChosenPhoto) => void }) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="report-photos">
      {photos.map((photo) => (
        <Paper key={photo.url} withBorder p={4}>
          <Image src={photo.url} alt={photo.file.name} h={90} fit="cover" radius="sm" />
          <Group justify="space-between" gap={4} wrap="nowrap" mt={4}>
            <div style={{ minWidth: 0 }}>
              <Text size="xs" truncate>
                {photo.file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatFileSize(photo.file.size)}
              </Text>
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={t('reportEvent.photos.remove', { name: photo.file.name })}
              onClick={() => onRemove(photo)}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * What a visitor sees once their report is registered: its reference, and the
 * private link to follow it (also emailed), which they can open or copy.
 */
function ReportSent({ id, token, email, onClose }: { id: number; token: string; email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const link = `${window.location.origin}/report/${token}`;
  return (
    <Stack gap="md" data-testid="report-sent">
      <Alert
        variant="outline"
        color="teal.9"
        icon={<IconCircleCheck size={20} aria-hidden />}
        title={t('reportEvent.sent.title', { id })}
      >
        {t('reportEvent.sent.text', { email })}
      </Alert>
      <Stack gap={4}>
        <Text fw={500} fz="sm">
          {t('reportEvent.sent.linkLabel')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Anchor href={link} target="_blank" fz="sm" style={{ wordBreak: 'break-all' }}>
            {link}
          </Anchor>
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy} style={{ flexShrink: 0 }}>
                {t(copied ? 'reportEvent.sent.copied' : 'reportEvent.sent.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('reportEvent.sent.close')}</Button>
      </Group>
    </Stack>
  );
}

/** What the form's notifications are about (see notify): its success replaces its errors, its closing hides them. */
const REPORT = 'send:report-event';

/**
 * Spec 001 §2 report-event modal (issue 6 event requests): a visitor tells the operators about an
 * occurrence — POST /event-requests/. Opened from the map, or from a system card, which names that
 * system as affected. The location and photos fields appear as the chosen category allows them.
 */
export function ReportEventModal({ systemId, onClose }: { systemId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const config = useAppConfiguration();
  const isMobile = !useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const photosLabelId = useId();
  const categories = useReportCategories();
  const system = usePublicSystem(systemId);
  const [location, setLocation] = useState<TPhotoLocation | null>(null);
  const [photos, setPhotos] = useState<TChosenPhoto[]>([]);
  const [isCheckingPhotos, setCheckingPhotos] = useState(false);
  const center = useMemo(() => readMapSettings(config, isMobile).center, [config, isMobile]);

  const form = useForm<TFormValues>({
    initialValues: { categoryId: null, participantName: '', participantEmail: '', title: '', description: '' },
  });
  // Reported from a stop's card: the stop is where it happened, until the visitor places it elsewhere.
  const stopPoint = system.data?.geometry?.type === 'Point' ? system.data.geometry.coordinates : null;
  const isPrefilled = useRef(false);
  useEffect(() => {
    if (!stopPoint || isPrefilled.current) return;
    isPrefilled.current = true;
    setLocation((current) => current ?? { longitude: stopPoint[0], latitude: stopPoint[1] });
  }, [stopPoint]);
  const category = categories.data?.content.find((candidate) => String(candidate.id) === form.values.categoryId);
  const photoLocation = photos.find((photo) => photo.location)?.location ?? null;

  // Previews are object URLs: the ones still shown go with the modal (a removed one goes at once).
  const shownUrls = useRef<string[]>([]);
  shownUrls.current = photos.map((photo) => photo.url);
  useEffect(
    () => () => {
      for (const url of shownUrls.current) URL.revokeObjectURL(url);
      // The form's errors go with it: a visitor who cancelled is not left reading about fields now gone.
      hideErrorsAbout(REPORT);
    },
    [],
  );
  const removePhoto = (removed: TChosenPhoto) => {
    URL.revokeObjectURL(removed.url);
    setPhotos((current) => current.filter((photo) => photo !== removed));
  };

  /** What the form holds, as POST /event-requests/ takes it; photos are added once the rest is valid. */
  const toInput = (values: TFormValues) => ({
    categoryId: values.categoryId ? Number(values.categoryId) : undefined,
    participantName: values.participantName,
    participantEmail: values.participantEmail,
    title: values.title,
    description: values.description,
    geometry:
      category?.allowGeometry && location
        ? { type: 'Point', coordinates: [location.longitude, location.latitude] }
        : null,
    images: [],
    affectedSystems: systemId === null ? [] : [systemId],
    language: i18n.language as TLanguage,
  });

  const showFormErrors = (errors: Record<string, string>) => {
    form.setErrors(errors);
    notify({
      kind: 'error',
      title: t('reportEvent.formError.title'),
      message: t('reportEvent.formError.message'),
      about: REPORT,
    });
    // Spec 001 §5: the form scrolls to the first field in error (focusing the category would open its list).
    const first = REPORT_FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(`report-${first}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  const [sent, setSent] = useState<{ created: TEventRequestCreated; email: string } | null>(null);
  const sending = useMutation({
    mutationFn: (input: TEventRequestInput) => api.post<TEventRequestCreated>('event-requests/', input),
    onSuccess: (created, input) => {
      tellHost({ messageType: PAGE_MESSAGE.OCCURRENCE_REPORTED, payload: { id: created.id } });
      notify({ kind: 'success', title: t('reportEvent.registered'), about: REPORT });
      // The form gives way to the reference and the private link to follow the report.
      setSent({ created, email: input.participantEmail ?? '' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.hasErrors) showFormErrors(toReportErrors(t, error.errors));
      else
        notify({
          kind: 'error',
          title: t('common.error'),
          message: errorText(t, error instanceof ApiError ? error.code : 'INTERNAL_ERROR'),
          about: REPORT,
        });
    },
  });

  const handleSubmit = async (values: TFormValues) => {
    // The same rules as the server's, with this form's own words, before anything is sent.
    const checked = ZEventRequestInput.safeParse(toInput(values));
    if (!checked.success) {
      showFormErrors(toReportErrors(t, issuesOf(checked.error)));
      return;
    }
    const images = category?.allowPhotoUpload
      ? await Promise.all(
          photos.map(async (photo) => ({ filename: photo.file.name, contents: await readAsBase64(photo.file) })),
        )
      : [];
    sending.mutate({ ...checked.data, images });
  };

  const handlePhotos = async (files: File[]) => {
    setCheckingPhotos(true);
    try {
      const problem = await findFileProblem(files, {
        ...PHOTO_RULES,
        maxFiles: EVENT_REQUEST_MAX_PHOTOS - photos.length,
      });
      if (problem) {
        notifyFileProblem(t, problem, EVENT_REQUEST_PHOTO_MAX_MB);
        return;
      }
      const added = await Promise.all(
        files.map(async (file) => ({ file, url: URL.createObjectURL(file), location: await readPhotoLocation(file) })),
      );
      setPhotos((current) => [...current, ...added]);
      form.clearFieldError('images');
    } finally {
      setCheckingPhotos(false);
    }
  };

  const fieldProps = (name: keyof TFormValues) => ({ id: `report-${name}`, ...form.getInputProps(name) });
  const isBusy = sending.isPending || form.submitting;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('reportEvent.title')}
      size="lg"
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': t('reportEvent.close') }}
    >
      {sent ? (
        <ReportSent id={sent.created.id} token={sent.created.followUpToken} email={sent.email} onClose={onClose} />
      ) : (
        <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
          <Stack gap="sm">
            {systemId !== null && (
              <Text size="sm" c="dimmed" data-testid="report-system">
                {system.data
                  ? t('reportEvent.aboutSystem', { name: system.data.name, group: system.data.parent.name })
                  : t('reportEvent.aboutSystemLoading')}
              </Text>
            )}
            <Select
              {...fieldProps('categoryId')}
              label={t('reportEvent.fields.category')}
              placeholder={t('reportEvent.placeholders.category')}
              data={(categories.data?.content ?? []).map((option) => ({
                value: String(option.id),
                label: option.name,
              }))}
              searchable
              withAsterisk
              nothingFoundMessage={t('reportEvent.noCategories')}
              disabled={categories.isLoading}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                {...fieldProps('participantName')}
                label={t('reportEvent.fields.participantName')}
                autoComplete="name"
                withAsterisk
              />
              <TextInput
                {...fieldProps('participantEmail')}
                label={t('reportEvent.fields.participantEmail')}
                type="email"
                autoComplete="email"
                withAsterisk
              />
            </SimpleGrid>
            <TextInput {...fieldProps('title')} label={t('reportEvent.fields.title')} withAsterisk />
            <Textarea
              {...fieldProps('description')}
              label={t('reportEvent.fields.description')}
              autosize
              minRows={3}
              maxRows={8}
              withAsterisk
            />
            {category?.allowGeometry && (
              <LocationPicker value={location} onChange={setLocation} center={center} photoLocation={photoLocation} />
            )}
            {category?.allowPhotoUpload && (
              <Input.Wrapper
                label={t('reportEvent.fields.photos')}
                labelElement="div"
                labelProps={{ id: photosLabelId }}
                error={form.errors.images}
              >
                <Stack gap="xs" mt={4}>
                  <ChosenPhotos photos={photos} onRemove={removePhoto} />
                  {photos.length < EVENT_REQUEST_MAX_PHOTOS && (
                    <Dropzone
                      onDrop={(files) => void handlePhotos(files)}
                      // Type, size and count are checked on the bytes by us: the dropzone lets everything through.
                      onReject={(rejections) => void handlePhotos(rejections.map((rejection) => rejection.file))}
                      loading={isCheckingPhotos}
                      multiple
                      inputProps={{
                        'aria-labelledby': photosLabelId,
                        'aria-describedby': `${photosLabelId}-rules`,
                      }}
                    >
                      <Group justify="center" gap="md" mih={70} style={{ pointerEvents: 'none' }}>
                        <IconPhotoPlus size={28} stroke={1.5} aria-hidden />
                        <div>
                          <Text size="sm" fw={500}>
                            {t('reportEvent.photos.drop')}
                          </Text>
                          <Text size="xs" c="dimmed" id={`${photosLabelId}-rules`}>
                            {t('documents.dropRules', {
                              types: PHOTO_FILE_TYPES.map((type) => type.toUpperCase()).join(', '),
                              size: EVENT_REQUEST_PHOTO_MAX_MB,
                              count: EVENT_REQUEST_MAX_PHOTOS - photos.length,
                            })}
                          </Text>
                        </div>
                      </Group>
                    </Dropzone>
                  )}
                </Stack>
              </Input.Wrapper>
            )}
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose}>
                {t('reportEvent.cancel')}
              </Button>
              <Button type="submit" loading={isBusy}>
                {t('reportEvent.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
