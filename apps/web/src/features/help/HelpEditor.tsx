import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { Image } from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { HelpImageControl } from './HelpImageControl';

const EXTENSIONS = [
  // StarterKit brings its own Link; Mantine's adds the Mod+K shortcut its link control expects.
  StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
  Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
  Image,
  Table.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
];

function editorLabels(t: TFunction): Partial<RichTextEditorLabels> {
  return {
    boldControlLabel: t('help.editor.bold'),
    italicControlLabel: t('help.editor.italic'),
    underlineControlLabel: t('help.editor.underline'),
    strikeControlLabel: t('help.editor.strike'),
    clearFormattingControlLabel: t('help.editor.clearFormatting'),
    h2ControlLabel: t('help.editor.h2'),
    h3ControlLabel: t('help.editor.h3'),
    bulletListControlLabel: t('help.editor.bulletList'),
    orderedListControlLabel: t('help.editor.orderedList'),
    linkControlLabel: t('help.editor.link'),
    unlinkControlLabel: t('help.editor.unlink'),
    linkEditorInputLabel: t('help.editor.linkInput'),
    linkEditorInputPlaceholder: t('help.editor.linkPlaceholder'),
    linkEditorExternalLink: t('help.editor.linkExternal'),
    linkEditorInternalLink: t('help.editor.linkInternal'),
    linkEditorSave: t('help.editor.linkSave'),
    tableInsertControlLabel: t('help.editor.tableInsert'),
    tableInsertLabel: (columns, rows) => t('help.editor.tableInsertSize', { columns, rows }),
    tableColumnAfterControlLabel: t('help.editor.tableColumnAfter'),
    tableRowAfterControlLabel: t('help.editor.tableRowAfter'),
    tableColumnDeleteControlLabel: t('help.editor.tableColumnDelete'),
    tableRowDeleteControlLabel: t('help.editor.tableRowDelete'),
    tableDeleteControlLabel: t('help.editor.tableDelete'),
    undoControlLabel: t('help.editor.undo'),
    redoControlLabel: t('help.editor.redo'),
  };
}

/**
 * The article's rich text: headings, lists, links, images (by address) and
 * tables. Answers '' while the editor is empty, so "no contents" is one value.
 */
export function HelpEditor({
  initialHtml,
  onChange,
  error,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: { attributes: { 'aria-label': t('help.fields.contents'), 'aria-multiline': 'true', role: 'textbox' } },
  });

  return (
    <Input.Wrapper label={t('help.fields.contents')} error={error} withAsterisk>
      <RichTextEditor
        editor={editor}
        labels={editorLabels(t)}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={0} aria-label={t('help.editor.toolbar')}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <HelpImageControl />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.TableInsert />
            <RichTextEditor.TableColumnAfter />
            <RichTextEditor.TableRowAfter />
            <RichTextEditor.TableColumnDelete />
            <RichTextEditor.TableRowDelete />
            <RichTextEditor.TableDelete />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={220} className="help-article" />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
