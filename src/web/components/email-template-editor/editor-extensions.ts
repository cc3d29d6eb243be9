import Highlight from '@tiptap/extension-highlight';
import TextAlign from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';

const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

/**
 * What an email template may contain. Everything renders to plain HTML with inline styles
 * (`style="color: …"`, `<mark data-color style="background-color: …">`, `style="text-align: …"`),
 * which email clients keep. Code blocks make no sense in a reminder email.
 */
export const templateEditorExtensions = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    heading: { levels: [1, 2, 3] },
    // Editing a link should not follow it.
    link: { openOnClick: false, autolink: true },
  }),
  TextStyle,
  Color,
  Highlight.configure({ multicolor: true }),
  TextAlign.configure({ types: ['heading', 'paragraph'], alignments: [...TEXT_ALIGNMENTS] }),
];
