import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { HeroImageField } from "@/features/admin-posts/components/hero-image-field";
import { PostEditorForm } from "@/features/admin-posts/components/post-editor-form";
import { type PostFormFields, emptyPostFields, postFormMessages } from "@/features/admin-posts/schemas/post";
import { startingWith, translator } from "../../support/i18n";
import { STORY_NOW } from "./fixtures";

const published: PostFormFields = {
  ...emptyPostFields("en"),
  title: "Dubai market trends for 2026",
  slug: "dubai-market-trends-2026",
  excerpt: "Prices, rents and the neighbourhoods buyers are watching this year.",
  content: "<p>Prices held steady.</p>",
  category: "Market Analysis",
  country: "UAE",
  read_time: "6 min read",
  is_popular: true,
  publish_mode: "now",
  hero_image_url: "/favicon.svg",
  hero_image_alt: "The Dubai Marina skyline at dusk",
  meta_title: "Dubai property market 2026: prices, rents, areas",
  meta_description:
    "Where prices and rents are heading in Dubai in 2026, and the neighbourhoods buyers from the Gulf and Canada are watching.",
};

const scheduled: PostFormFields = {
  ...emptyPostFields("ar"),
  title: "سوق العقارات في تورونتو عام 2027",
  slug: "عقارات-تورونتو-2027",
  excerpt: "ما الذي يتغير للمستثمرين من الخليج.",
  content: "<p>نص المقال.</p>",
  category: "Real Estate",
  country: "Canada",
  read_time: "7 دقائق",
  publish_mode: "schedule",
  schedule_at: "2026-12-01T09:30",
};

const imageField = ({ value }: { value: string | null }) => (
  <HeroImageField
    url={value}
    uploading={false}
    progress={0}
    fileName={null}
    problem={null}
    onSelect={fn()}
    onRemove={fn()}
    onCancel={fn()}
  />
);

const meta = {
  title: "Admin/Posts/PostEditorForm",
  component: PostEditorForm,
  args: {
    mode: "new",
    defaultValues: emptyPostFields("ar"),
    timeZone: "Asia/Dubai",
    now: () => STORY_NOW,
    onSubmit: fn(),
    renderImageField: imageField,
    uploadImage: fn(async () => "/favicon.svg"),
  },
  parameters: { route: "/admin/posts/new" },
} satisfies Meta<typeof PostEditorForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new post: the slug follows the title (Arabic letters kept) until it is edited. */
export const New: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const title = c.getByRole("textbox", { name: new RegExp(`^${t(msg`Title`)}`) });
    await userEvent.click(title);
    await userEvent.paste("دليل المشتري في دبي");
    const slug = c.getByLabelText(t(msg`Address (slug)`));
    await expect(slug).toHaveValue("دليل-المشتري-في-دبي");
    await expect(c.getByTestId("slug-preview")).toHaveTextContent("/blog/دليل-المشتري-في-دبي");
    await userEvent.clear(slug);
    await userEvent.paste("Buyer Guide");
    await userEvent.tab();
    await expect(slug).toHaveValue("buyer-guide");
    await userEvent.click(title);
    await userEvent.paste(" 2027");
    await expect(slug).toHaveValue("buyer-guide");
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Creating an empty post: every required field says so; a title past 200 characters is refused. */
export const Invalid: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const m = postFormMessages;
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Create Post`) }));
    for (const message of [
      m.titleRequired,
      m.excerptRequired,
      m.contentRequired,
      m.categoryRequired,
      m.countryRequired,
      m.readTimeRequired,
    ]) {
      await expect(await c.findByText(t(message))).toBeInTheDocument();
    }
    await userEvent.click(c.getByRole("textbox", { name: startingWith(t(msg`Title`)) }));
    await userEvent.paste("x".repeat(201));
    await expect(await c.findByText(t(m.titleTooLong))).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Every new field filled: slug, language, search title and description with their hints, image and its description. */
export const AllFields: Story = {
  args: { mode: "edit", defaultValues: published, liveSlug: "dubai-market-trends-2026", onTranslate: fn() },
  parameters: { route: "/admin/posts/p1/edit" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByTestId("slug-preview")).toHaveTextContent("/en/blog/dubai-market-trends-2026");
    await expect(c.getByRole("link", { name: t(msg`View Live Post`) })).toHaveAttribute("href", "/en/blog/dubai-market-trends-2026");
    const length = published.meta_title.length;
    const recommended = 60;
    await expect(c.getByText(t(msg`${length} / ${recommended} characters recommended`))).toBeInTheDocument();
    // The image description is required while there is an image.
    const alt = c.getByLabelText(t(msg`Image description (alt text)`), { exact: false });
    await userEvent.clear(alt);
    await userEvent.click(c.getByRole("button", { name: t(msg`Update Post`) }));
    await expect(await c.findByText(t(msg`Describe the image for people who cannot see it`))).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(alt, "Dubai Marina");
    // "Save as Draft" chooses Draft and saves, saying it is the draft save (the editor stays on the post).
    await userEvent.click(c.getByRole("button", { name: t(msg`Save as Draft`) }));
    await expect(c.getByRole("radio", { name: t(msg`Draft`) })).toBeChecked();
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ publish_mode: "draft", hero_image_alt: "Dubai Marina" }), {
        draft: true,
      }),
    );
    const otherName = t(msg`Arabic`);
    await userEvent.click(c.getByRole("button", { name: t(msg`Translate into ${otherName}`) }));
    await expect(args.onTranslate).toHaveBeenCalled();
  },
};

/** The search fields past their recommended length: a warning, not an error. */
export const LongSearchFields: Story = {
  args: { mode: "edit", defaultValues: { ...published, meta_title: "x".repeat(70) }, onTranslate: fn() },
  parameters: { route: "/admin/posts/p1/edit" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const length = 70;
    const recommended = 60;
    await expect(
      within(canvasElement).getByText(t(msg`${length} / ${recommended} characters: search results may cut it short.`)),
    ).toBeInTheDocument();
  },
};

/** The save was refused: another post of the language has this slug. */
export const SlugTaken: Story = {
  args: { mode: "new", defaultValues: { ...scheduled, slug: "عقارات-تورونتو-2027" }, slugTaken: "عقارات-تورونتو-2027" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const lang = t(msg`Arabic`);
    await expect(await c.findByText(t(msg`Another ${lang} post already uses this address. Choose a different one.`))).toBeInTheDocument();
    await expect(c.getByLabelText(t(msg`Address (slug)`))).toHaveAttribute("aria-invalid", "true");
  },
};

/** Scheduled in Dubai time, with the zone named and the time in words; linked to its English draft. */
export const Scheduled: Story = {
  args: {
    mode: "edit",
    defaultValues: scheduled,
    translation: {
      id: "p3",
      slug: "toronto-2027",
      title: "Toronto real estate in 2027",
      language: "en",
      published: false,
      published_at: null,
      translation_group: "tg-3",
    },
  },
  parameters: { route: "/admin/posts/p4/edit" },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("radio", { name: t(msg`Schedule`) })).toBeChecked();
    await expect(c.getByLabelText(t(msg`Publish on`), { exact: false })).toHaveValue("2026-12-01T09:30");
    await expect(c.getByTestId("publish-summary")).toHaveTextContent(/GMT\+4|غرينتش\+٤|\+4/);
    const link = within(c.getByTestId("translation-status")).getByRole("link", { name: "Toronto real estate in 2027" });
    await expect(link).toHaveAttribute("href", expect.stringMatching(/\/admin\/posts\/p3\/edit$/));
    await expect(c.getByLabelText(t(msg`Language`))).toBeDisabled();
    // A time in the past is refused.
    const when = c.getByLabelText(t(msg`Publish on`), { exact: false });
    await userEvent.clear(when);
    await userEvent.type(when, "2026-11-20T10:00");
    await userEvent.click(c.getByRole("button", { name: t(msg`Update Post`) }));
    await expect(await c.findByText(t(msg`Choose a time in the future`))).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Saved but not translated yet: the Translate button. */
export const TranslationMissing: Story = {
  args: { mode: "edit", defaultValues: { ...scheduled, publish_mode: "draft", schedule_at: "" }, onTranslate: fn(), translating: true },
  parameters: { route: "/admin/posts/p4/edit" },
};

export const Saving: Story = { args: { mode: "edit", defaultValues: published, saving: true } };

/** "Save as Draft" pressed on a new post: that button shows the save running, the main one waits. */
export const SavingDraft: Story = {
  args: { mode: "new", defaultValues: { ...scheduled, publish_mode: "now", schedule_at: "" } },
  render: function SavingDraftForm(args) {
    const [saving, setSaving] = useState(false);
    return (
      <PostEditorForm
        {...args}
        saving={saving}
        onSubmit={(values, options) => {
          args.onSubmit(values, options);
          setSaving(true);
        }}
      />
    );
  },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Save as Draft`) }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ publish_mode: "draft" }), { draft: true }));
    const busy = await c.findByRole("button", { name: t(msg`Saving…`) });
    await expect(busy).toHaveAttribute("data-loading");
    await expect(c.getByRole("button", { name: t(msg`Create Post`) })).toBeDisabled();
  },
};

export const Uploading: Story = {
  args: {
    uploading: true,
    renderImageField: () => (
      <HeroImageField
        url={null}
        uploading
        progress={0.4}
        fileName="marina.jpg"
        problem={null}
        onSelect={fn()}
        onRemove={fn()}
        onCancel={fn()}
      />
    ),
  },
};
