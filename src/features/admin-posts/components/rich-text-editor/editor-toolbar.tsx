import { Box, Flex, IconButton } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Minus,
  Table2,
  Pilcrow,
  PilcrowLeft,
  PilcrowRight,
  Quote,
  Redo2,
  Undo2,
} from "lucide-react";
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { type BlockDirection, directionAt } from "./block-direction";

/** How a shortcut is written on this platform (⌘ on Apple devices, Ctrl elsewhere). */
function shortcutLabel(keys: string, mac: boolean): string {
  return keys
    .split("+")
    .map((k) => (k === "Mod" ? (mac ? "⌘" : "Ctrl") : k === "Alt" ? (mac ? "⌥" : "Alt") : k === "Shift" ? (mac ? "⇧" : "Shift") : k))
    .join(mac ? "" : "+");
}

/** The same shortcut for `aria-keyshortcuts`. */
function ariaShortcut(keys: string, mac: boolean): string {
  return keys
    .split("+")
    .map((k) => (k === "Mod" ? (mac ? "Meta" : "Control") : k))
    .join("+");
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);

interface Item {
  key: string;
  label: string;
  icon: ReactNode;
  keys?: string;
  /** A toggle (aria-pressed) and whether it is on. */
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
}

interface EditorToolbarProps {
  editor: Editor;
  /** The toolbar's accessible name (the field's label id). */
  labelledBy: string;
  onLink: () => void;
  onImage: () => void;
}

/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one tab stop; the arrow keys move between buttons in
 * the reading direction (in Arabic the right arrow goes back), Home and End go to the ends. Every
 * button has a translated name and a tooltip with its keyboard shortcut.
 */
export function EditorToolbar({ editor, labelledBy, onLink, onImage }: EditorToolbarProps) {
  const { t } = useLingui();
  const mac = isMac();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
      image: e.isActive("image"),
      dir: directionAt(e.isActive("heading") ? e.getAttributes("heading") : e.getAttributes("paragraph")),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const setDir = (dir: BlockDirection) => chain().setBlockDirection(dir).run();

  const groups: Item[][] = [
    [
      { key: "undo", label: t`Undo`, icon: <Undo2 />, keys: "Mod+Z", disabled: !state.canUndo, run: () => chain().undo().run() },
      { key: "redo", label: t`Redo`, icon: <Redo2 />, keys: "Mod+Shift+Z", disabled: !state.canRedo, run: () => chain().redo().run() },
    ],
    [
      {
        key: "h2",
        label: t`Heading`,
        icon: <Heading2 />,
        keys: "Mod+Alt+2",
        pressed: state.h2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        key: "h3",
        label: t`Subheading`,
        icon: <Heading3 />,
        keys: "Mod+Alt+3",
        pressed: state.h3,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
      { key: "bold", label: t`Bold`, icon: <Bold />, keys: "Mod+B", pressed: state.bold, run: () => chain().toggleBold().run() },
      { key: "italic", label: t`Italic`, icon: <Italic />, keys: "Mod+I", pressed: state.italic, run: () => chain().toggleItalic().run() },
    ],
    [
      {
        key: "bullet",
        label: t`Bulleted list`,
        icon: <List />,
        keys: "Mod+Shift+8",
        pressed: state.bullet,
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: "ordered",
        label: t`Numbered list`,
        icon: <ListOrdered />,
        keys: "Mod+Shift+7",
        pressed: state.ordered,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        key: "quote",
        label: t`Quote`,
        icon: <Quote />,
        keys: "Mod+Shift+B",
        pressed: state.quote,
        run: () => chain().toggleBlockquote().run(),
      },
    ],
    [
      { key: "link", label: state.link ? t`Edit link` : t`Link`, icon: <Link2 />, keys: "Mod+K", pressed: state.link, run: onLink },
      { key: "image", label: state.image ? t`Edit image` : t`Image`, icon: <ImagePlus />, run: onImage },
      { key: "hr", label: t`Horizontal line`, icon: <Minus />, run: () => chain().setHorizontalRule().run() },
      { key: "table", label: t`Table with a header row`, icon: <Table2 />, run: () => chain().insertPostTable({ rows: 3, cols: 3 }).run() },
    ],
    [
      { key: "dir-auto", label: t`Direction from the text`, icon: <Pilcrow />, pressed: state.dir === "auto", run: () => setDir("auto") },
      { key: "dir-rtl", label: t`Right to left`, icon: <PilcrowLeft />, pressed: state.dir === "rtl", run: () => setDir("rtl") },
      { key: "dir-ltr", label: t`Left to right`, icon: <PilcrowRight />, pressed: state.dir === "ltr", run: () => setDir("ltr") },
    ],
  ];
  const items = groups.flat();
  const [active, setActive] = useState(2);
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const enabled = items.filter((i) => !i.disabled);
  const current = enabled.some((i) => i.key === items[active]?.key) ? items[active]!.key : enabled[0]?.key;

  const move = (to: number) => {
    const next = enabled[(to + enabled.length) % enabled.length];
    if (!next) return;
    setActive(items.indexOf(next));
    refs.current.get(next.key)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((i) => i.key === current);
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    if (e.key === forward) move(at + 1);
    else if (e.key === backward) move(at - 1);
    else if (e.key === "Home") move(0);
    else if (e.key === "End") move(enabled.length - 1);
    else if (e.key === "Escape") editor.commands.focus();
    else return;
    e.preventDefault();
  };

  return (
    <Flex
      role="toolbar"
      aria-labelledby={labelledBy}
      aria-controls={editor.view.dom.id || undefined}
      onKeyDown={onKeyDown}
      wrap="wrap"
      gap="1"
      align="center"
      p="1.5"
      borderBottomWidth="1px"
      borderColor="border"
      bg="bg.subtle"
      data-testid="editor-toolbar"
    >
      {groups.map((group, g) => (
        <Flex key={g} gap="0.5" align="center">
          {g > 0 ? <Box role="separator" aria-orientation="vertical" width="1px" height="6" bg="border" mx="1" /> : null}
          {group.map((item) => (
            <Box
              key={item.key}
              position="relative"
              css={{ "&:hover > [data-tip], &:focus-within > [data-tip]": { opacity: 1, visibility: "visible" } }}
            >
              <IconButton
                ref={(el: HTMLButtonElement | null) => {
                  if (el) refs.current.set(item.key, el);
                  else refs.current.delete(item.key);
                }}
                aria-label={item.label}
                aria-pressed={item.pressed === undefined ? undefined : item.pressed}
                aria-keyshortcuts={item.keys ? ariaShortcut(item.keys, mac) : undefined}
                data-key={item.key}
                tabIndex={item.key === current ? 0 : -1}
                disabled={item.disabled}
                size="sm"
                // 36 px under a mouse; a finger gets the 44 px touch minimum, as the admin header does.
                css={{ "@media (pointer: coarse)": { minHeight: "44px", minWidth: "44px" } }}
                variant={item.pressed ? "subtle" : "ghost"}
                colorPalette={item.pressed ? "brand" : "gray"}
                // Keep the editor's selection: the button acts on it.
                onMouseDown={(e) => e.preventDefault()}
                onFocus={() => setActive(items.indexOf(item))}
                onClick={() => item.run()}
              >
                {item.icon}
              </IconButton>
              {/* The tooltip repeats the button's name (aria-label) and shortcut (aria-keyshortcuts): hidden from assistive technology. */}
              <Box
                as="span"
                data-tip=""
                aria-hidden="true"
                position="absolute"
                bottom="calc(100% + 6px)"
                left="50%"
                transform="translateX(-50%)"
                zIndex="tooltip"
                whiteSpace="nowrap"
                pointerEvents="none"
                bg="gray.900"
                color="white"
                fontSize="xs"
                px="2"
                py="1"
                rounded="l1"
                opacity={0}
                visibility="hidden"
                transition="opacity 0.15s"
              >
                {item.label}
                {item.keys ? (
                  <Box as="kbd" ms="2" fontFamily="inherit" opacity={0.8} dir="ltr" display="inline-block">
                    {shortcutLabel(item.keys, mac)}
                  </Box>
                ) : null}
              </Box>
            </Box>
          ))}
        </Flex>
      ))}
    </Flex>
  );
}
