import { Button, Popover, Stack, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { isHttpUrl } from '@mip/shared';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../components/server-errors';

/** Puts an image in the article by its address, with a description for screen readers. */
export function HelpImageControl() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const [isOpen, setOpen] = useState(false);
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleInsert = () => {
    const address = src.trim();
    if (!isHttpUrl(address)) {
      setError(errorText(t, 'INVALID_URL'));
      return;
    }
    editor?.chain().focus().setImage({ src: address, alt: alt.trim() }).run();
    setOpen(false);
    setSrc('');
    setAlt('');
    setError(null);
  };

  return (
    <Popover opened={isOpen} onChange={setOpen} trapFocus withinPortal={false} shadow="md" position="bottom">
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={t('help.editor.image')}
          title={t('help.editor.image')}
          onClick={() => setOpen((open) => !open)}
          active={isOpen}
        >
          <IconPhoto size={16} stroke={1.5} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={280}>
          <TextInput
            label={t('help.editor.imageUrl')}
            placeholder="https://"
            value={src}
            error={error}
            onChange={(event) => setSrc(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                handleInsert();
              }
            }}
          />
          <TextInput
            label={t('help.editor.imageAlt')}
            description={t('help.editor.imageAltHint')}
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
          />
          <Button size="xs" onClick={handleInsert}>
            {t('help.editor.imageInsert')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
