import { Box, Text } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ResponsiveCarousel } from "@/components/marketing/carousel";
import { FaqAccordion } from "@/components/marketing/faq-accordion";
import { LogoRow } from "@/components/marketing/logo-row";
import { Section } from "@/components/marketing/section";
import { Steps } from "@/components/marketing/steps";

const slides = ["Reply first", "More from your spend", "No deal lost", "Hours back"].map((t) => (
  <Box key={t} bg="bg" borderWidth="1px" rounded="xl" p="6" h="32">
    <Text fontWeight="700">{t}</Text>
  </Box>
));

const meta = {
  title: "Components/Marketing/Carousel",
  component: ResponsiveCarousel,
  args: { label: "Benefits", slides },
  parameters: { layout: "padded" },
} satisfies Meta<typeof ResponsiveCarousel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** From tablets up: a grid. */
export const Default: Story = {};

/** On a phone: buttons, arrow keys and the live region. */
export const Mobile: Story = {
  globals: { locale: "en" },
  decorators: [(Story) => <Box maxW="360px">{Story()}</Box>],
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const region = c.getByRole("region", { name: "Benefits" });
    await expect(region).toHaveAttribute("aria-roledescription", "carousel");
    await expect(c.getAllByRole("group", { name: /of 4/ })[0]).toHaveAttribute("aria-roledescription", "slide");
  },
};

/** Keyboard: arrows move (mirrored in RTL), the live region announces the slide. */
export const Keyboard: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const group = c.getByRole("group", { name: "Slides, use the arrow keys to move" });
    group.focus();
    await waitFor(() => expect(group).toHaveFocus());
    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() => expect(c.getByText("Slide 2 of 4")).toBeInTheDocument(), { timeout: 5000 });
    await userEvent.keyboard("{End}");
    await waitFor(() => expect(c.getByText("Slide 4 of 4")).toBeInTheDocument(), { timeout: 5000 });
  },
};

export const KeyboardArabic: Story = {
  globals: { locale: "ar" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const group = c.getByRole("group", { name: "الشرائح، استخدم مفاتيح الأسهم للتنقل" });
    group.focus();
    await waitFor(() => expect(group).toHaveFocus());
    await userEvent.keyboard("{ArrowLeft}");
    await waitFor(() => expect(c.getByText("الشريحة 2 من 4")).toBeInTheDocument(), { timeout: 5000 });
  },
};

const faq = [
  { id: "a", question: "Which languages?", answer: "Arabic and English." },
  { id: "b", question: "Which CRMs?", answer: "Salesforce, HubSpot and more." },
  { id: "c", question: "How long to start?", answer: "About a week." },
];

/** One open at a time, and the open one can be closed. */
export const Accordion: Story = {
  globals: { locale: "en" },
  render: () => <FaqAccordion items={faq} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const a = c.getByRole("button", { name: "Which languages?" });
    const b = c.getByRole("button", { name: "Which CRMs?" });
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
  render: () => (
    <Steps
      items={[
        { title: "Connect", description: "Link your portals and CRM." },
        { title: "Reply", description: "Every lead answered in seconds." },
        { title: "Close", description: "Agents meet qualified buyers." },
      ]}
    />
  ),
};

export const Logos: Story = {
  render: () => (
    <LogoRow
      label="Native integrations"
      logos={[
        { kind: "path", name: "Square", path: "M2 2h20v20H2z" },
        { kind: "text", name: "Text only CRM" },
      ]}
    />
  ),
};

export const SectionBlock: Story = {
  render: () => (
    <Section id="demo" eyebrow="Eyebrow" title="Section title" description="A lead paragraph.">
      <Text>Content</Text>
    </Section>
  ),
};
