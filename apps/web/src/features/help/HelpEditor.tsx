import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { Image } from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { TextSelection } from '@tiptap/pm/state';
import { useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpImageControl } from './HelpImageControl';
import { HelpLinkControl } from './HelpLinkControl';

const EXTENSIONS = [
  // StarterKit brings its own Link; Mantine's adds the Mod+K shortcut (the 'edit-link' event HelpLinkControl opens on).
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
    unlinkControlLabel: t('help.editor.unlink'),
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

/** The picture among pasted or dropped files, if any: screenshots arrive as image/png files. */
const imageFileIn = (files: FileList | undefined) =>
  Array.from(files ?? []).find((file) => file.type.startsWith('image/')) ?? null;

/**
 * The article's rich text: headings, lists, links, images (uploaded, pasted,
 * dropped or by address) and tables. Answers '' while the editor is empty, so
 * "no contents" is one value.
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
  // A picture pasted or dropped into the text goes to the image control, which uploads it and asks for its description.
  const [droppedFile, setDroppedFile] = useState<File | null>(null);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: { 'aria-label': t('help.fields.contents'), 'aria-multiline': 'true', role: 'textbox' },
      handlePaste: (_view, event) => {
        const file = imageFileIn(event.clipboardData?.files);
        // Text copied with a picture beside it (a web page, a document) is pasted as text.
        if (!file || event.clipboardData?.getData('text/plain')) return false;
        setDroppedFile(file);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const file = moved ? null : imageFileIn(event.dataTransfer?.files);
        if (!file) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (at) view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))));
        setDroppedFile(file);
        return true;
      },
    },
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
            <HelpLinkControl />
            <RichTextEditor.Unlink />
            <HelpImageControl droppedFile={droppedFile} onDroppedFileTaken={() => setDroppedFile(null)} />
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
