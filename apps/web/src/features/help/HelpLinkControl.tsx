import { Button, Checkbox, Popover, Stack, TextInput } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { isHttpUrl } from '@mip/shared';
import { IconLink } from '@tabler/icons-react';
import { useEditorState } from '@tiptap/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the article's links may point at: the editor's Link extension allows these protocols and no others. */
const isLinkAddress = (address: string) => isHttpUrl(address) || /^mailto:[^\s@]+@[^\s@]+$/i.test(address);

/**
 * Puts a link on the selected text, or changes or removes the one under the
 * cursor (an empty address removes it). Mantine's own link control toggles
 * "open in a new tab" with an icon button that has no name for a screen
 * reader; here it is a checkbox that says what it does.
 */
export function HelpLinkControl() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const [isOpen, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [inNewTab, setInNewTab] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const isActive = useEditorState({
    editor,
    selector: (state) => (state.editor && !state.editor.isDestroyed ? state.editor.isActive('link') : false),
  });

  const open = () => {
    const current = editor?.getAttributes('link') as { href?: string; target?: string } | undefined;
    setAddress(current?.href ?? '');
    setInNewTab(current?.target === '_blank');
    setError(undefined);
    setOpen(true);
  };
  // Mod+K in the text (Mantine's Link extension) asks for this control by this event.
  useWindowEvent('edit-link', open);

  const save = () => {
    const href = address.trim();
    if (href && !isLinkAddress(href)) {
      setError(t('help.editor.linkInvalid'));
      return;
    }
    const chain = editor?.chain().focus().extendMarkRange('link');
    if (href) chain?.setLink({ href, target: inNewTab ? '_blank' : null }).run();
    else chain?.unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover opened={isOpen} onChange={setOpen} trapFocus shadow="md" position="bottom" withinPortal>
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={t('help.editor.link')}
          title={t('help.editor.link')}
          onClick={() => (isOpen ? setOpen(false) : open())}
          active={isActive ?? false}
        >
          <IconLink size={16} stroke={1.5} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={300} maw="calc(100vw - 48px)">
          <TextInput
            label={t('help.editor.linkInput')}
            placeholder={t('help.editor.linkPlaceholder')}
            type="url"
            value={address}
            error={error}
            onChange={(event) => {
              setAddress(event.currentTarget.value);
              setError(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                save();
              }
            }}
          />
          <Checkbox
            label={t('help.editor.linkExternal')}
            checked={inNewTab}
            onChange={(event) => setInNewTab(event.currentTarget.checked)}
          />
          <Button size="xs" onClick={save}>
            {t('help.editor.linkSave')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
