import { Box, Text } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { onMobile } from "../../../.storybook/modes";
import { ResponsiveCarousel } from "@/components/marketing/carousel";
import { FaqAccordion } from "@/components/marketing/faq-accordion";
import { LogoRow } from "@/components/marketing/logo-row";
import { Section } from "@/components/marketing/section";
import { Steps } from "@/components/marketing/steps";
import { useLocale } from "@/lib/i18n/locale-context";
import { inLocale, localeOf, translator } from "../../support/i18n";

/** Sample content in both languages: each story shows the one of its locale (toolbar or test run). */
const sample = {
  ar: {
    label: "المزايا",
    slides: ["الرد أولًا", "عائد أكبر من إنفاقك", "لا صفقة تضيع", "ساعات تعود إليك"],
    faq: [
      { id: "a", question: "ما اللغات المدعومة؟", answer: "العربية والإنجليزية." },
      { id: "b", question: "ما أنظمة إدارة العملاء المدعومة؟", answer: "Salesforce وHubSpot وغيرها." },
      { id: "c", question: "كم يستغرق البدء؟", answer: "نحو أسبوع." },
    ],
    steps: [
      { title: "اربط", description: "اربط بوابات العقارات ونظام إدارة العملاء." },
      { title: "رُد", description: "كل عميل يتلقى ردًا خلال ثوانٍ." },
      { title: "أغلق الصفقة", description: "يلتقي وكلاؤك مشترين مؤهلين." },
    ],
    logos: "تكاملات مباشرة",
    logoText: "نظام بلا شعار",
    section: {
      eyebrow: "كيف يعمل",
      title: "من الاستفسار إلى الموعد",
      description: "ثلاث خطوات تربط إعلاناتك بفريق المبيعات.",
      body: "محتوى القسم",
    },
  },
  en: {
    label: "Benefits",
    slides: ["Reply first", "More from your spend", "No deal lost", "Hours back"],
    faq: [
      { id: "a", question: "Which languages?", answer: "Arabic and English." },
      { id: "b", question: "Which CRMs?", answer: "Salesforce, HubSpot and more." },
      { id: "c", question: "How long to start?", answer: "About a week." },
    ],
    steps: [
      { title: "Connect", description: "Link your portals and CRM." },
      { title: "Reply", description: "Every lead answered in seconds." },
      { title: "Close", description: "Agents meet qualified buyers." },
    ],
    logos: "Native integrations",
    logoText: "Text only CRM",
    section: {
      eyebrow: "How it works",
      title: "From enquiry to viewing",
      description: "Three steps between your listings and your sales team.",
      body: "Section content",
    },
  },
};
type Sample = (typeof sample)["en"];
const sampleOf = (context: { globals: Record<string, unknown> }): Sample => inLocale(context, sample);

const slidesOf = (s: Sample) =>
  s.slides.map((t) => (
    <Box key={t} bg="bg" borderWidth="1px" rounded="xl" p="6" h="32">
      <Text fontWeight="700">{t}</Text>
    </Box>
  ));

/** The carousel with the sample slides of the page's language. */
function SampleCarousel({ gridFrom }: { gridFrom?: "md" }) {
  const s = sample[useLocale().locale];
  return <ResponsiveCarousel label={s.label} slides={slidesOf(s)} gridFrom={gridFrom} />;
}

const meta = {
  title: "Components/Marketing/Carousel",
  component: SampleCarousel,
  parameters: { layout: "padded" },
} satisfies Meta<typeof SampleCarousel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** From tablets up: a grid, with no carousel semantics and no tab stop (nothing slides). */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const section = canvasElement.querySelector("section")!;
    await expect(section).not.toHaveAttribute("aria-roledescription");
    await expect(canvasElement.querySelector('[tabindex="0"]')).toBeNull();
  },
};

/** On a phone: buttons, arrow keys and the live region. */
export const Mobile: Story = {
  globals: onMobile,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const region = c.getByRole("region", { name: sampleOf(context).label });
    await expect(region).toHaveAttribute("aria-roledescription", t(msg`carousel`));
    const i = 0;
    const count = 4;
    await expect(c.getByRole("group", { name: t(msg`${i + 1} of ${count}`) })).toHaveAttribute("aria-roledescription", t(msg`slide`));
    // The track scrolls sideways, and only as a tab stop (a scrolling region the keyboard cannot reach fails WCAG 2.1.1).
    const track = c.getByRole("group", { name: t(msg`Slides, use the arrow keys to move`) });
    await expect(track).toHaveAttribute("tabindex", "0");
    await expect(getComputedStyle(track).overflowX).toBe("auto");
    await expect(track.scrollWidth).toBeGreaterThan(track.clientWidth);
  },
};

/** Keyboard: arrows move in the reading direction (the left arrow is "next" in Arabic), the live region announces the slide. */
export const Keyboard: Story = {
  globals: onMobile,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const count = 4;
    const announced = (index: number) => t(msg`Slide ${index + 1} of ${count}`);
    const group = c.getByRole("group", { name: t(msg`Slides, use the arrow keys to move`) });
    group.focus();
    await waitFor(() => expect(group).toHaveFocus());
    await userEvent.keyboard(localeOf(context) === "ar" ? "{ArrowLeft}" : "{ArrowRight}");
    await waitFor(() => expect(c.getByText(announced(1))).toBeInTheDocument(), { timeout: 5000 });
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(c.getByText(announced(3))).toBeInTheDocument(), { timeout: 5000 });
  },
};

/** One open at a time, and the open one can be closed. */
export const Accordion: Story = {
  render: (_, context) => <FaqAccordion items={sampleOf(context).faq} />,
  play: async ({ canvasElement, ...context }) => {
    const c = within(canvasElement);
    const [first, second] = sampleOf(context).faq;
    const a = c.getByRole("button", { name: first!.question });
    const b = c.getByRole("button", { name: second!.question });
    await userEvent.click(a);
    await expect(a).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(b);
    await expect(b).toHaveAttribute("aria-expanded", "true");
    await expect(a).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(b);
    await expect(b).toHaveAttribute("aria-expanded", "false");
  },
};

export const StepsRow: Story = {
  render: (_, context) => <Steps items={sampleOf(context).steps} />,
};

export const Logos: Story = {
  render: (_, context) => {
    const s = sampleOf(context);
    return (
      <LogoRow
        label={s.logos}
        logos={[
          { kind: "path", name: "Square", path: "M2 2h20v20H2z" },
          { kind: "text", name: s.logoText },
        ]}
      />
    );
  },
};

export const SectionBlock: Story = {
  render: (_, context) => {
    const { eyebrow, title, description, body } = sampleOf(context).section;
    return (
      <Section id="demo" eyebrow={eyebrow} title={title} description={description}>
        <Text>{body}</Text>
      </Section>
    );
  },
};
