import type { Editor, EditorStateSnapshot } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import {
  BaselineIcon,
  BoldIcon,
  CornerDownLeftIcon,
  HighlighterIcon,
  ItalicIcon,
  ListIcon,
  ListOrderedIcon,
  Redo2Icon,
  TextAlignCenterIcon,
  TextAlignEndIcon,
  TextAlignJustifyIcon,
  TextAlignStartIcon,
  UnderlineIcon,
  Undo2Icon,
  type LucideIcon,
} from 'lucide-react';
import { Separator } from '@/components/ui/separator';
import { HIGHLIGHT_COLOURS, TEXT_COLOURS } from './colour-palettes';
import { ColourMenu } from './colour-menu';
import type { TextAlignment } from './editor-extensions';
import { ToolbarButton } from './toolbar-button';

interface ToolbarState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  bulletList: boolean;
  orderedList: boolean;
  alignment: TextAlignment | null;
  textColour: string | null;
  highlightColour: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

const alignmentButtons: readonly { value: TextAlignment; label: string; icon: LucideIcon }[] = [
  { value: 'left', label: 'Align left', icon: TextAlignStartIcon },
  { value: 'center', label: 'Align center', icon: TextAlignCenterIcon },
  { value: 'right', label: 'Align right', icon: TextAlignEndIcon },
  { value: 'justify', label: 'Justify', icon: TextAlignJustifyIcon },
];

function selectToolbarState({ editor }: EditorStateSnapshot): ToolbarState | null {
  if (!editor) return null;
  const colourAttribute = (mark: string) => {
    const value: unknown = editor.getAttributes(mark).color;
    return typeof value === 'string' ? value : null;
  };
  return {
    bold: editor.isActive('bold'),
    italic: editor.isActive('italic'),
    underline: editor.isActive('underline'),
    bulletList: editor.isActive('bulletList'),
    orderedList: editor.isActive('orderedList'),
    alignment: alignmentButtons.find(({ value }) => editor.isActive({ textAlign: value }))?.value ?? null,
    textColour: colourAttribute('textStyle'),
    highlightColour: colourAttribute('highlight'),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

/** Formatting commands for the template (docs/product.md §Constants). Disabled until the editor has mounted. */
export function EditorToolbar({ editor }: { editor: Editor | null }) {
  const state = useEditorState({ editor, selector: selectToolbarState });
  const disabled = editor === null || state === null;
  // Every command returns focus to the text, so keyboard users keep typing where they were.
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => {
    if (editor) command(editor.chain().focus()).run();
  };

  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5 border-b bg-muted/40 p-1">
      <ToolbarButton label="Undo" shortcut="Ctrl+Z" disabled={disabled || !state.canUndo} onClick={() => run((c) => c.undo())}>
        <Undo2Icon />
      </ToolbarButton>
      <ToolbarButton label="Redo" shortcut="Ctrl+Shift+Z" disabled={disabled || !state.canRedo} onClick={() => run((c) => c.redo())}>
        <Redo2Icon />
      </ToolbarButton>
      <ToolbarSeparator />
      <ToolbarButton label="Bold" shortcut="Ctrl+B" pressed={state?.bold ?? false} disabled={disabled} onClick={() => run((c) => c.toggleBold())}>
        <BoldIcon />
      </ToolbarButton>
      <ToolbarButton label="Italic" shortcut="Ctrl+I" pressed={state?.italic ?? false} disabled={disabled} onClick={() => run((c) => c.toggleItalic())}>
        <ItalicIcon />
      </ToolbarButton>
      <ToolbarButton
        label="Underline"
        shortcut="Ctrl+U"
        pressed={state?.underline ?? false}
        disabled={disabled}
        onClick={() => run((c) => c.toggleUnderline())}
      >
        <UnderlineIcon />
      </ToolbarButton>
      <ToolbarSeparator />
      <ColourMenu
        label="Text colour"
        icon={<BaselineIcon />}
        colours={TEXT_COLOURS}
        activeHex={state?.textColour ?? null}
        clearLabel="Default colour"
        disabled={disabled}
        onSelect={(hex) => run((c) => c.setColor(hex))}
        onClear={() => run((c) => c.unsetColor())}
      />
      <ColourMenu
        label="Highlight colour"
        icon={<HighlighterIcon />}
        colours={HIGHLIGHT_COLOURS}
        activeHex={state?.highlightColour ?? null}
        clearLabel="No highlight"
        disabled={disabled}
        onSelect={(hex) => run((c) => c.setHighlight({ color: hex }))}
        onClear={() => run((c) => c.unsetHighlight())}
      />
      <ToolbarSeparator />
      {alignmentButtons.map(({ value, label, icon: Icon }) => (
        <ToolbarButton key={value} label={label} pressed={state?.alignment === value} disabled={disabled} onClick={() => run((c) => c.setTextAlign(value))}>
          <Icon />
        </ToolbarButton>
      ))}
      <ToolbarSeparator />
      <ToolbarButton label="Bullet list" pressed={state?.bulletList ?? false} disabled={disabled} onClick={() => run((c) => c.toggleBulletList())}>
        <ListIcon />
      </ToolbarButton>
      <ToolbarButton label="Numbered list" pressed={state?.orderedList ?? false} disabled={disabled} onClick={() => run((c) => c.toggleOrderedList())}>
        <ListOrderedIcon />
      </ToolbarButton>
      <ToolbarSeparator />
      <ToolbarButton label="Line break" shortcut="Shift+Enter" disabled={disabled} onClick={() => run((c) => c.setHardBreak())}>
        <CornerDownLeftIcon />
      </ToolbarButton>
    </div>
  );
}

function ToolbarSeparator() {
  return <Separator orientation="vertical" className="mx-1 data-[orientation=vertical]:h-5" />;
}
