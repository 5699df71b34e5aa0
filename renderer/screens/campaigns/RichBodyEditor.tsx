import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

/** A simple campaign body written with formatting buttons; hands back its HTML on every change. */
export function RichBodyEditor({
  html,
  onChange,
  insertRequest,
  readOnly,
}: {
  html: string;
  onChange: (html: string) => void;
  insertRequest: { html: string; at: number } | null;
  readOnly: boolean;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({
        openOnClick: false,
        isAllowedUri: (url) => url.startsWith('#') || /^(https?:|mailto:)/i.test(url),
      }),
    ],
    content: html,
    editable: !readOnly,
    immediatelyRender: true,
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });

  useEffect(() => {
    if (editor && insertRequest)
      editor.chain().focus('end').insertContent(insertRequest.html).insertContent('<p></p>').run();
  }, [editor, insertRequest]);

  return (
    <RichTextEditor editor={editor} aria-label="Campaign body">
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={260} />
    </RichTextEditor>
  );
}
