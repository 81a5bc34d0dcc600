import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { LeadSource } from "@/features/admin-leads/components/lead-source";
import { translator } from "../../support/i18n";
import { samplePeople } from "./fixtures";

const [whatsappLead, twoVisits] = samplePeople as [(typeof samplePeople)[number], (typeof samplePeople)[number]];

const meta = {
  title: "Admin/Leads/LeadSource",
  component: LeadSource,
  parameters: { layout: "padded", route: "/admin/leads" },
  args: { first: whatsappLead.first_touch, latest: whatsappLead.latest_touch },
} satisfies Meta<typeof LeadSource>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One visit brought them: a WhatsApp broadcast with its campaign, landing on an article. */
export const OneVisit: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByText(t(msg`First and latest visit`))).toBeInTheDocument();
    await expect(c.getByTestId("lead-channel")).toHaveTextContent(t(msg`WhatsApp`));
    await expect(c.getByTestId("lead-campaign")).toHaveTextContent("toronto-spring");
    await expect(c.getByTestId("lead-landing-page")).toHaveTextContent("/en/blog/ai-follow-up-speed");
  },
};

/** Found the blog through Google, came back from a paid ad: both visits, side by side on a wide screen; the Arabic path reads as words. */
export const TwoVisits: Story = {
  args: { first: twoVisits.first_touch, latest: twoVisits.latest_touch },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const channels = c.getAllByTestId("lead-channel").map((b) => b.textContent);
    await expect(channels).toEqual([t(msg`Organic search`), t(msg`Paid search`)]);
    await expect(c.getAllByTestId("lead-landing-page")[0]).toHaveTextContent("/blog/متابعة-العملاء");
    await expect(c.getByText("gclid")).toBeInTheDocument();
  },
};

/** Sent without JavaScript, or before sources were recorded. */
export const NotRecorded: Story = {
  args: { first: null, latest: null },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    await expect(
      within(canvasElement).getByText(t(msg`Not recorded: the form was sent without JavaScript, or before sources were recorded.`)),
    ).toBeInTheDocument();
  },
};
