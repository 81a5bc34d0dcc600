import { Button, Text } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { StepFrame } from "@/features/demo/components/step-frame";
import { onMobile, responsiveModes as modes } from "../../../.storybook/modes";
import { inLocale } from "../../support/i18n";

/**
 * The card every demo step after the hero sits in: the step's title as the page's h1, an optional
 * lead line, then the step's content. Sample text in the story's language; the card stacks at phone
 * width.
 */
const sample = {
  ar: {
    title: "كيف تودّ تجربته؟",
    lead: "اختر مكالمة مباشرة أو ارفع تسجيلًا لمكالمة سابقة.",
    body: "محتوى الخطوة يظهر هنا.",
    action: "متابعة",
  },
  en: {
    title: "How would you like to try it?",
    lead: "Make a live call or upload the recording of a past one.",
    body: "The step's content shows here.",
    action: "Continue",
  },
};

const meta = {
  title: "Features/Demo/Parts/StepFrame",
  component: StepFrame,
  args: { title: "", children: null },
  parameters: { route: "/demo" },
  render: (args, context) => {
    const s = inLocale(context, sample);
    return (
      <StepFrame {...args} title={s.title} lead={args.lead === undefined ? undefined : s.lead}>
        <Text>{s.body}</Text>
        <Button colorPalette="brand" alignSelf="start">
          {s.action}
        </Button>
      </StepFrame>
    );
  },
} satisfies Meta<typeof StepFrame>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Title, lead and content: the title is the page's only h1, the lead sits under it. */
export const WithLead: Story = {
  args: { lead: "lead" },
  play: async ({ canvasElement, ...context }) => {
    const s = inLocale(context, sample);
    const c = within(canvasElement);
    const heading = c.getByRole("heading", { level: 1, name: s.title });
    await expect(c.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    await expect(c.getByText(s.lead)).toBeVisible();
    // The lead follows the heading, and the content follows the lead.
    await expect(heading.compareDocumentPosition(c.getByText(s.lead)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(c.getByText(s.lead).compareDocumentPosition(c.getByText(s.body)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(c.getByRole("button", { name: s.action })).toBeVisible();
  },
};

/** No lead: nothing between the title and the content. */
export const WithoutLead: Story = {
  play: async ({ canvasElement, ...context }) => {
    const s = inLocale(context, sample);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1, name: s.title })).toBeVisible();
    await expect(c.queryByText(s.lead)).toBeNull();
    await expect(c.getByText(s.body)).toBeVisible();
  },
};

/** A wider card (the dialer and results steps pass their own `maxW`). */
export const Wide: Story = {
  args: { lead: "lead", maxW: "4xl" },
  play: async ({ canvasElement, ...context }) => {
    const s = inLocale(context, sample);
    const card = within(canvasElement).getByRole("heading", { level: 1, name: s.title }).closest("div")!.parentElement!;
    await expect(card.getBoundingClientRect().width).toBeGreaterThan(700);
  },
};

/** On a 390 px phone the card fills the width with its padding and nothing scrolls sideways. */
export const OnPhone: Story = {
  args: { lead: "lead" },
  globals: onMobile,
  parameters: { chromatic: { modes: { "ar mobile": modes["ar mobile"], "en mobile": modes["en mobile"] } } },
  play: async ({ canvasElement, ...context }) => {
    // The phone viewport is applied: the page is at most 390 px wide.
    await expect(document.documentElement.clientWidth).toBeLessThanOrEqual(390);
    const s = inLocale(context, sample);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const button = within(canvasElement).getByRole("button", { name: s.action }).getBoundingClientRect();
    await expect(button.left).toBeGreaterThanOrEqual(0);
    await expect(button.right).toBeLessThanOrEqual(window.innerWidth);
  },
};
