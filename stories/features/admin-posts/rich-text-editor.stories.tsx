import { Box, Text } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import RichTextEditor from "@/features/admin-posts/components/rich-text-editor/rich-text-editor";
import { onMobile } from "../../../.storybook/modes";
import { localeOf, translator } from "../../support/i18n";

/** A long post mixing Arabic and English paragraphs, lists, a quote, a link, an image and a rule. */
const mixed = [
  "<h2>لماذا تخسر الفرق العقارية عملاءها المحتملين؟</h2>",
  "<p>يتواصل المشتري في دبي مع ثلاث وكالات في المتوسط، والوكالة التي ترد أولًا تحصل غالبًا على موعد المعاينة. لذلك فإن <strong>سرعة الرد</strong> هي العامل الأهم في التحويل.</p>",
  "<p>Most buyers in Dubai contact three agencies; the first to answer usually gets the viewing. <em>Speed to lead</em> is the whole game.</p>",
  "<h3>Three steps that work</h3>",
  "<ol><li>Reply within five minutes, on WhatsApp first.</li><li>Offer two viewing slots.</li><li>Confirm by email with the listing's link.</li></ol>",
  "<ul><li>الرد خلال خمس دقائق</li><li>اقتراح موعدين للمعاينة</li><li>تأكيد الموعد عبر البريد الإلكتروني</li></ul>",
  "<blockquote><p>السرعة ليست ميزة إضافية، بل هي الخدمة نفسها.</p></blockquote>",
  '<p dir="ltr">Sources: the <a href="https://dubailand.gov.ae/en/">Dubai Land Department</a> open data, 2025.</p>',
  '<img src="/favicon.svg" alt="شعار الموقع" width="64" height="64">',
  "<hr>",
  '<p>اقرأ المزيد في <a href="/blog">المدونة</a>.</p>',
].join("");

const meta = {
  title: "Admin/Posts/RichTextEditor",
  component: RichTextEditor,
  args: { value: "", onChange: fn(), onBlur: fn(), labelId: "story-content", upload: fn(async () => "/favicon.svg"), language: "ar" },
  parameters: { layout: "padded", route: "/admin/posts/new" },
  decorators: [
    (Story) => (
      <Box maxW="4xl">
        <Text id="story-content" fontWeight="medium" mb="2">
          <Trans>Content</Trans>
        </Text>
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof RichTextEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

const editorOf = async (canvasElement: HTMLElement) => within(canvasElement).findByRole("textbox", {}, { timeout: 5000 });

export const Empty: Story = {};

export const MixedArabicEnglish: Story = {
  args: { value: mixed },
  play: async ({ canvasElement }) => {
    const editor = await editorOf(canvasElement);
    // Each block reads in its own direction: the English paragraph left to right inside the Arabic post.
    const english = within(editor).getByText(/Most buyers in Dubai/);
    await expect(getComputedStyle(english).direction).toBe("ltr");
    const arabic = within(editor).getByText(/يتواصل المشتري/);
    await expect(getComputedStyle(arabic).direction).toBe("rtl");
  },
};

export const LinkDialogOpen: Story = {
  args: { value: "<p>Dubai Land Department</p>", initialDialog: "link" },
  play: async (context) => {
    const t = translator(context);
    const body = within(context.canvasElement.ownerDocument.body);
    const dialog = await body.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(new RegExp(t(msg`Address`))), "javascript:alert(1)");
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${t(msg`Text`)}`)), "DLD");
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Apply`) }));
    await expect(
      await within(dialog).findByText(
        t(msg`Enter an address that starts with https://, mailto: or tel:, or a path on this site such as /blog.`),
      ),
    ).toBeInTheDocument();
  },
};

export const ImageWithAlt: Story = {
  args: { value: '<p>صورة مع نص بديل:</p><img src="/favicon.svg" alt="شعار الموقع" width="64" height="64"><p>Image with alt text.</p>' },
  play: async ({ canvasElement }) => {
    const editor = await editorOf(canvasElement);
    await expect(within(editor).getByRole("img", { name: "شعار الموقع" })).toBeInTheDocument();
  },
};

export const ImageDialogOpen: Story = {
  args: { value: "<p>Text</p>", initialDialog: "image" },
  play: async (context) => {
    const t = translator(context);
    const dialog = await within(context.canvasElement.ownerDocument.body).findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: t(msg`Insert image`) }));
    await expect(await within(dialog).findByText(t(msg`Describe the image for people who cannot see it.`))).toBeInTheDocument();
    await expect(within(dialog).getByText(t(msg`Choose an image to upload.`))).toBeInTheDocument();
  },
};

export const Preview: Story = {
  args: { value: mixed, initialTab: "preview" },
  play: async ({ canvasElement }) => {
    const preview = await within(canvasElement).findByTestId("post-preview");
    await expect(preview).toHaveAttribute("dir", "rtl");
    // The preview is sanitised in the browser (DOMPurify loads on first use): wait for the sanitised body.
    await waitFor(() => expect(preview.querySelector(".article-content h2")).not.toBeNull());
  },
};

export const PreviewEnglishPost: Story = {
  args: { value: "<h2>Speed to lead</h2><p>Answer first, win the viewing.</p>", initialTab: "preview", language: "en" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId("post-preview")).toHaveAttribute("dir", "ltr");
  },
};

/** Lists as the editor stores them (every block `dir="auto"`), one Arabic and one English. */
const storedLists = [
  '<ul dir="auto"><li dir="auto"><p dir="auto">الرد خلال خمس دقائق</p></li><li dir="auto"><p dir="auto">اقتراح موعدين للمعاينة</p></li></ul>',
  '<ol dir="auto"><li dir="auto"><p dir="auto">Reply within five minutes</p></li><li dir="auto"><p dir="auto">Offer two viewing slots</p></li></ol>',
].join("");

/**
 * Where a list item's marker sits: the item's text is set off from the list's edge by the list's
 * padding on the marker's side (bullets and numbers are drawn in that padding). "right" for an Arabic
 * item, "left" for an English one; the item's computed direction agrees.
 */
function markerSide(li: HTMLElement) {
  const list = li.parentElement!.getBoundingClientRect();
  const item = li.getBoundingClientRect();
  const range = document.createRange();
  // The text itself (the item's paragraph is as wide as the item).
  range.selectNodeContents(document.createTreeWalker(li, NodeFilter.SHOW_TEXT).nextNode()!);
  const text = range.getBoundingClientRect();
  // The list's padding (where the marker is drawn) is on the side where the item is set in from the list.
  const side = list.right - item.right > 12 ? "right" : item.left - list.left > 12 ? "left" : "none";
  // And the text starts at the item's edge on that side, next to its marker.
  const textAt = Math.abs(item.right - text.right) < 4 ? "right" : Math.abs(text.left - item.left) < 4 ? "left" : "none";
  return { side, textAt, direction: getComputedStyle(li).direction };
}

async function expectListMarkers(root: HTMLElement) {
  const items = [...root.querySelectorAll<HTMLElement>("li")];
  await expect(items).toHaveLength(4);
  await expect(items.map(markerSide)).toEqual([
    { side: "right", textAt: "right", direction: "rtl" },
    { side: "right", textAt: "right", direction: "rtl" },
    { side: "left", textAt: "left", direction: "ltr" },
    { side: "left", textAt: "left", direction: "ltr" },
  ]);
}

/** An Arabic list has its bullets on the right, an English one its numbers on the left, whatever the page's language. */
export const ListDirections: Story = {
  args: { value: storedLists },
  play: async ({ canvasElement, args }) => {
    const editor = await editorOf(canvasElement);
    await waitFor(() => expect(editor.querySelectorAll("li")).toHaveLength(4));
    await expectListMarkers(editor);
    // What is stored keeps dir="auto": the direction is shown, not written.
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const ListDirectionsPreview: Story = {
  args: { value: storedLists, initialTab: "preview" },
  play: async ({ canvasElement }) => {
    const preview = await within(canvasElement).findByTestId("post-preview");
    await waitFor(() => expect(preview.querySelectorAll(".article-content li")).toHaveLength(4));
    await expectListMarkers(preview);
  },
};

export const KeyboardToolbar: Story = {
  args: { value: "<p>Hello</p>" },
  play: async (context) => {
    const t = translator(context);
    const canvas = within(context.canvasElement);
    const toolbar = await canvas.findByRole("toolbar");
    const heading = within(toolbar).getByRole("button", { name: t(msg`Heading`) });
    const subheading = within(toolbar).getByRole("button", { name: t(msg`Subheading`) });
    // One tab stop: the first enabled button (undo and redo are disabled on a fresh document).
    await expect(heading).toHaveAttribute("tabindex", "0");
    heading.focus();
    // "Next" is the arrow in the reading direction: left in Arabic, right in English.
    const rtl = localeOf(context) === "ar";
    await userEvent.keyboard(rtl ? "{ArrowLeft}" : "{ArrowRight}");
    await expect(subheading).toHaveFocus();
    await expect(subheading).toHaveAttribute("tabindex", "0");
    await expect(heading).toHaveAttribute("tabindex", "-1");
    await userEvent.keyboard(rtl ? "{ArrowRight}" : "{ArrowLeft}");
    await expect(heading).toHaveFocus();
    await userEvent.keyboard("{End}");
    await expect(within(toolbar).getByRole("button", { name: t(msg`Left to right`) })).toHaveFocus();
    await userEvent.keyboard("{Home}");
    await expect(heading).toHaveFocus();
  },
};

export const BoldShortcut: Story = {
  args: { value: "" },
  play: async (context) => {
    const editor = await editorOf(context.canvasElement);
    await userEvent.click(editor);
    await userEvent.keyboard("{Control>}b{/Control}");
    await userEvent.keyboard("Fast");
    await waitFor(() => expect(editor.querySelector("strong")?.textContent).toBe("Fast"));
    await expect(context.args.onChange).toHaveBeenLastCalledWith('<p dir="auto"><strong>Fast</strong></p>');
    const t = translator(context);
    await expect(within(context.canvasElement).getByRole("button", { name: t(msg`Bold`) })).toHaveAttribute("aria-pressed", "true");
  },
};

/** The media-query rules of the page's style sheets (inside layers too) that set `prop` on `el`. */
function coarseRulesFor(el: Element, prop: "min-height" | "min-width"): string[] {
  const found: string[] = [];
  const walk = (rules: CSSRuleList, coarse: boolean) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSMediaRule) walk(rule.cssRules, coarse || /pointer:\s*coarse/.test(rule.conditionText));
      else if (rule instanceof CSSStyleRule) {
        if (coarse && el.matches(rule.selectorText) && rule.style.getPropertyValue(prop)) found.push(rule.style.getPropertyValue(prop));
        if (rule.cssRules?.length) walk(rule.cssRules, coarse);
      } else if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules, coarse);
    }
  };
  for (const sheet of Array.from(el.ownerDocument.styleSheets)) walk(sheet.cssRules, false);
  return found;
}

/**
 * At 390 px the toolbar wraps inside the phone's width, and a finger (a coarse pointer) gets 44 × 44 px
 * buttons instead of the 36 px a mouse gets: each button is matched by a `(pointer: coarse)` rule that
 * sets both minimums, and when this browser's pointer is coarse the buttons measure it.
 */
export const ToolbarOnPhone: Story = {
  args: { value: "<p>مرحبًا</p>" },
  globals: onMobile,
  play: async ({ canvasElement }) => {
    const toolbar = await within(canvasElement).findByRole("toolbar");
    const width = canvasElement.ownerDocument.documentElement.clientWidth;
    await expect(width).toBeLessThanOrEqual(390);
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    const buttons = within(toolbar).getAllByRole("button");
    await expect(buttons.length).toBeGreaterThan(5);
    const coarse = window.matchMedia("(pointer: coarse)").matches;
    for (const button of buttons) {
      const box = button.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(width);
      await expect(coarseRulesFor(button, "min-height")).toContain("44px");
      await expect(coarseRulesFor(button, "min-width")).toContain("44px");
      if (coarse) {
        await expect(box.height).toBeGreaterThanOrEqual(44);
        await expect(box.width).toBeGreaterThanOrEqual(44);
      }
    }
  },
};
