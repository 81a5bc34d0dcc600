import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Benefits } from "@/features/landing/components/benefits";
import { CrmIntegrations } from "@/features/landing/components/crm-integrations";
import { Faq } from "@/features/landing/components/faq";
import { Hero } from "@/features/landing/components/hero";
import { HowItWorks } from "@/features/landing/components/how-it-works";
import { localizePath } from "@/lib/i18n/locale";
import { onMobile } from "../../../.storybook/modes";
import { inLocale, localeOf, translator } from "../../support/i18n";

const meta = {
  title: "Features/Landing/Sections",
  component: Hero,
  args: { onBookDemo: fn() },
} satisfies Meta<typeof Hero>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent(
      inLocale(context, { ar: "كل عميل عقاري", en: "Every property lead" }),
    );
    await expect(c.getByRole("link", { name: t(msg`Talk to sales`) })).toHaveAttribute("href", localizePath("/contact", localeOf(context)));
    await expect(c.getByRole("link", { name: t(msg`Try the interactive demo`) })).toHaveAttribute(
      "href",
      localizePath("/demo", localeOf(context)),
    );
    await userEvent.click(c.getByRole("button", { name: t(msg`Book a Demo`) }));
    await expect(args.onBookDemo).toHaveBeenCalled();
  },
};

export const HowItWorksSteps: Story = { render: () => <HowItWorks /> };
export const BenefitsSection: Story = { render: () => <Benefits /> };
export const BenefitsMobile: Story = { render: () => <Benefits />, globals: onMobile };
export const CrmLogos: Story = {
  render: () => <CrmIntegrations />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    for (const name of ["Salesforce", "HubSpot", "Pipedrive", "Zoho CRM", "monday sales CRM"])
      await expect(c.getByRole("img", { name })).toBeInTheDocument();
    await expect(c.getByText("Freshworks CRM")).toBeInTheDocument();
  },
};
export const FaqSection: Story = { render: () => <Faq /> };
