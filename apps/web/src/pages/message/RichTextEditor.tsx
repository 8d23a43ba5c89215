import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space, Tooltip } from 'antd';
import type { MailVariable } from '@study-crm/shared';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import LinkDialog from './LinkDialog';
import VariableMenu from './VariableMenu';
import './editor.css';

// `label` names the editable area for assistive technology (the form field's label); `variables`, the template
// variables the toolbar offers to insert.
type Props = {
  value?: string;
  onChange?: (html: string) => void;
  testId?: string;
  label: string;
  variables?: readonly MailVariable[];
};

// Typed text becomes a link by itself only when it is plainly an address: a scheme, `www.` or an e-mail address. A
// template variable reads as a domain name to the link detector (`recipient.email`, `student.name`: .email and .name
// are top-level domains) and was linked as it was typed, which broke the Liquid around it (decision 301).
export const shouldAutoLink = (url: string) => /^(?:https?:\/\/|mailto:|www\.)/i.test(url) || url.includes('@');

// The e-mail content editor (TipTap on ProseMirror), loaded only with the compose drawer. It keeps to the content
// security policy: no eval, and `injectCSS: false` so no <style> element is added (its rules live in editor.css,
// bundled as a file).
export default function RichTextEditor({ value, onChange, testId, label, variables = [] }: Props) {
  const { t } = useTranslation();
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, shouldAutoLink } })],
    content: value ?? '',
    injectCSS: false,
    immediatelyRender: true,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true' },
      // Ctrl+K (⌘K) opens the link dialog, as in most editors.
      handleKeyDown: (_view, e) => {
        if (e.key.toLowerCase() !== 'k' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return false;
        e.preventDefault();
        setLinking(true);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  // A template chosen in the picker replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      h2: e.isActive('heading', { level: 2 }),
      link: e.isActive('link'),
      href: String(e.getAttributes('link').href ?? ''),
    }),
  });

  const tool = (
    key: string,
    title: string,
    icon: React.ReactNode,
    active: boolean,
    run: () => void,
    shortcut?: string,
  ) => (
    <Tooltip title={title} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        aria-keyshortcuts={shortcut}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();
  // A link on the selected text, or on the link under the cursor; with nothing selected, the address itself as a
  // link (an e-mail address without its mailto:).
  const applyLink = (href: string) => {
    setLinking(false);
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain()
        .insertContent({
          type: 'text',
          text: href.replace(/^mailto:/i, ''),
          marks: [{ type: 'link', attrs: { href } }],
        })
        .run();
    else chain().extendMarkRange('link').setLink({ href }).run();
  };
  const removeLink = () => {
    setLinking(false);
    chain().extendMarkRange('link').unsetLink().run();
  };

  return (
    <div className="rte" data-testid={testId}>
      <Space size={2} className="rte-toolbar" wrap>
        {tool('h2', 'H2', <b>H2</b>, state.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {tool('b', t('message.editor.bold'), <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
        {tool('i', t('message.editor.italic'), <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
        {tool('u', t('message.editor.underline'), <UnderlineOutlined />, state.underline, () =>
          chain().toggleUnderline().run(),
        )}
        {tool('ul', t('message.editor.bulletList'), <UnorderedListOutlined />, state.bullet, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('ol', t('message.editor.orderedList'), <OrderedListOutlined />, state.ordered, () =>
          chain().toggleOrderedList().run(),
        )}
        {tool(
          'link',
          t('message.editor.link'),
          <LinkOutlined />,
          state.link,
          () => setLinking(true),
          'Control+K Meta+K',
        )}
        {variables.length > 0 && (
          <VariableMenu
            variables={variables}
            onPick={(tag) => chain().insertContent(tag).run()}
            testId="rte-variable"
          />
        )}
        {tool('undo', t('message.editor.undo'), <UndoOutlined />, false, () => chain().undo().run())}
        {tool('redo', t('message.editor.redo'), <RedoOutlined />, false, () => chain().redo().run())}
      </Space>
      <EditorContent editor={editor} className="rte-content" />
      <LinkDialog
        open={linking}
        href={state.href}
        onApply={applyLink}
        onRemove={removeLink}
        onClose={() => {
          setLinking(false);
          chain().run();
        }}
      />
    </div>
  );
}
