import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Italic,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';

interface RichTextEditorProps {
  id: string;
  labelledBy: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  readOnly?: boolean;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
}

interface ToolbarButton {
  label: string;
  Icon: LucideIcon;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
}

const TOOLBAR: ToolbarButton[][] = [
  [
    {
      label: 'Bold',
      Icon: Bold,
      run: (e) => e.chain().focus().toggleBold().run(),
      active: (e) => e.isActive('bold'),
    },
    {
      label: 'Italic',
      Icon: Italic,
      run: (e) => e.chain().focus().toggleItalic().run(),
      active: (e) => e.isActive('italic'),
    },
    {
      label: 'Underline',
      Icon: Underline,
      run: (e) => e.chain().focus().toggleUnderline().run(),
      active: (e) => e.isActive('underline'),
    },
    {
      label: 'Strikethrough',
      Icon: Strikethrough,
      run: (e) => e.chain().focus().toggleStrike().run(),
      active: (e) => e.isActive('strike'),
    },
  ],
  [
    {
      label: 'Heading',
      Icon: Heading2,
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
      active: (e) => e.isActive('heading', { level: 2 }),
    },
    {
      label: 'Bulleted list',
      Icon: List,
      run: (e) => e.chain().focus().toggleBulletList().run(),
      active: (e) => e.isActive('bulletList'),
    },
    {
      label: 'Numbered list',
      Icon: ListOrdered,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
      active: (e) => e.isActive('orderedList'),
    },
    {
      label: 'Quote',
      Icon: Quote,
      run: (e) => e.chain().focus().toggleBlockquote().run(),
      active: (e) => e.isActive('blockquote'),
    },
  ],
  [
    {
      label: 'Undo',
      Icon: Undo2,
      run: (e) => e.chain().focus().undo().run(),
      enabled: (e) => e.can().undo(),
    },
    {
      label: 'Redo',
      Icon: Redo2,
      run: (e) => e.chain().focus().redo().run(),
      enabled: (e) => e.can().redo(),
    },
  ],
];

const ALL_BUTTONS = TOOLBAR.flat();

/** The HTML an editor holds, '' when it has no text (so an empty editor reads as no value). */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      ALL_BUTTONS.map((button) => ({
        active: button.active?.(current) ?? false,
        enabled: button.enabled?.(current) ?? true,
      })),
  });
  let index = 0;
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label="Formatting">
      {TOOLBAR.map((group, groupIndex) => (
        <div className="rich-text-group" key={groupIndex}>
          {group.map((button) => {
            const flags = state[index++] ?? { active: false, enabled: true };
            return (
              <button
                key={button.label}
                type="button"
                className="btn btn-ghost btn-icon btn-sm"
                aria-label={button.label}
                title={button.label}
                aria-pressed={button.active ? flags.active : undefined}
                disabled={!flags.enabled}
                onClick={() => button.run(editor)}
              >
                <button.Icon size={16} aria-hidden="true" />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * Rich text (tiptap with StarterKit): a fixed toolbar over a 300 px area when editing; the read
 * view shows the same document without a toolbar. Content always passes through the editor's
 * schema, so markup outside it (scripts, event attributes) is never rendered; the server
 * sanitizes again on save.
 */
export function RichTextEditor({
  id,
  labelledBy,
  value,
  onChange,
  readOnly = false,
  invalid,
  describedBy,
  required,
}: RichTextEditorProps) {
  const attributes: Record<string, string> = {
    id,
    class: 'rich-text-content',
    role: readOnly ? 'document' : 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
  };
  if (describedBy) attributes['aria-describedby'] = describedBy;
  if (invalid) attributes['aria-invalid'] = 'true';
  if (required) attributes['aria-required'] = 'true';
  if (readOnly) attributes['aria-readonly'] = 'true';
  const attributeKey = JSON.stringify(attributes);

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    // No trailing empty paragraph: it would be saved and shown as a gap on the read view.
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true }, trailingNode: false })],
    content: value,
    editable: !readOnly,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => onChangeRef.current(htmlOf(current)),
  });
  // Attributes and editability change in place, so the undo history survives an error showing.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setEditable(!readOnly, false);
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributeKey) as Record<string, string> } });
  }, [editor, readOnly, attributeKey]);

  // A value set from outside (a reload) replaces the document; the editor's own updates match.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={`rich-text${readOnly ? ' is-readonly' : ''}${invalid ? ' is-invalid' : ''}`}>
      {!readOnly && editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} className="rich-text-body" />
    </div>
  );
}
