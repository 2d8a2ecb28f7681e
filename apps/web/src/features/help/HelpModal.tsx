import './help-article.css';
import { Alert, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { can, helpUrlOf, type THelpArticle, type TLanguage } from '@mip/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentRoute } from '../../app/useCurrentRoute';
import { confirmAction } from '../../components/confirm';
import { DelayedLoader } from '../../components/DelayedLoader';
import { notify } from '../../components/notify';
import { useSession } from '../auth/session-store';
import { HelpArticleView } from './HelpArticleView';
import { HelpIndex } from './HelpIndex';
import { deleteHelpArticle, HELP_QUERY_KEY, useHelpArticle, useHelpIndex } from './useHelp';

// The editor (tiptap) is half the help's code: only writers download it, when they edit.
const HelpArticleForm = lazy(() => import('./HelpArticleForm').then((module) => ({ default: module.HelpArticleForm })));

/**
 * Spec 001 §4 help panel: the article of a page (the index when it has none),
 * the index, and the edit mode; after a save the article shows again, after a
 * delete the index.
 */
type TView =
  | { mode: 'article'; url: string }
  | { mode: 'index' }
  | { mode: 'edit'; url: string; article: THelpArticle | null; language: TLanguage };

/** Spec 001 §2: extra large, and a click on the backdrop does not close it (static backdrop). */
export default function HelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const session = useSession();
  const canWrite = session !== null && can(session, { all: ['WRITE_HELP'] });
  const location = useLocation();
  // Keyed on the screen's declared path, so '/report/:token' has one article whatever the token.
  const route = useCurrentRoute();
  const pageUrl = helpUrlOf(route?.path ?? location.pathname);
  const [view, setView] = useState<TView>({ mode: 'article', url: pageUrl });
  // On a phone the article and its editor need the whole screen.
  const isPhone = useMediaQuery('(max-width: 36em)');

  // Each opening starts at the help of the page being shown.
  useEffect(() => {
    if (opened) setView({ mode: 'article', url: pageUrl });
  }, [opened, pageUrl]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={isPhone}
      closeOnClickOutside={false}
      title={t('help.modalTitle')}
      closeButtonProps={{ 'aria-label': t('common.closeDialog') }}
    >
      <HelpPanel view={view} setView={setView} language={language} pageUrl={pageUrl} canWrite={canWrite} />
    </Modal>
  );
}

function HelpPanel({
  view,
  setView,
  language,
  pageUrl,
  canWrite,
}: {
  view: TView;
  setView: (view: TView) => void;
  language: TLanguage;
  pageUrl: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const index = useHelpIndex(language);
  const articleUrl = view.mode === 'article' ? view.url : pageUrl;
  const article = useHelpArticle(language, articleUrl);
  const categories = [...new Set((index.data ?? []).map((item) => item.category))];

  const deleting = useMutation({
    mutationFn: (url: string) => deleteHelpArticle(language, url),
    onSuccess: async (_result, url) => {
      queryClient.setQueryData([...HELP_QUERY_KEY, 'article', language, url], null);
      await queryClient.invalidateQueries({ queryKey: [...HELP_QUERY_KEY, 'list'] });
      notify({ kind: 'success', title: t('common.success'), message: t('help.deleted') });
      setView({ mode: 'index' });
    },
    onError: () => notify({ kind: 'error', title: t('common.error'), message: t('help.failed') }),
  });

  const handleDelete = async (url: string) => {
    const isConfirmed = await confirmAction({
      title: t('help.confirmDelete.title'),
      message: t('help.confirmDelete.message'),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (isConfirmed) deleting.mutate(url);
  };

  if (view.mode === 'edit') {
    return (
      <Suspense fallback={<DelayedLoader />}>
        <HelpArticleForm
          language={view.language}
          url={view.url}
          article={view.article}
          categories={categories}
          onSaved={(saved) => setView({ mode: 'article', url: saved.url })}
          onCancel={() => setView(view.article ? { mode: 'article', url: view.url } : { mode: 'index' })}
        />
      </Suspense>
    );
  }

  const pending = view.mode === 'article' ? article.isPending || index.isPending : index.isPending;
  if (pending) return <DelayedLoader />;
  if ((view.mode === 'article' && article.isError) || index.isError) {
    return (
      <Alert color="red" variant="light">
        {t('help.loadError')}
      </Alert>
    );
  }

  if (view.mode === 'article' && article.data) {
    const shown = article.data;
    return (
      <HelpArticleView
        article={shown}
        canWrite={canWrite}
        onBack={() => setView({ mode: 'index' })}
        onEdit={() => setView({ mode: 'edit', url: shown.url, article: shown, language })}
        onDelete={() => void handleDelete(shown.url)}
        isDeleting={deleting.isPending}
      />
    );
  }

  return (
    <HelpIndex
      items={index.data ?? []}
      pageUrl={pageUrl}
      canWrite={canWrite}
      onOpen={(url) => setView({ mode: 'article', url })}
      onCreate={() => setView({ mode: 'edit', url: pageUrl, article: null, language })}
    />
  );
}
