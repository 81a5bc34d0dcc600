import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { SalesLeadForm } from "@/features/leads/components/sales-lead-form";
import { inLocale, translator } from "../../support/i18n";

const meta = {
  title: "Features/Leads/SalesLeadForm",
  component: SalesLeadForm,
  args: { submit: fn(async () => ({ status: "sent" as const, id: "l" })), variant: "contact" },
  parameters: { layout: "padded", route: "/contact" },
} satisfies Meta<typeof SalesLeadForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Group UAE (default): +971 and the seven emirates. */
export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const c = within(canvasElement);
    const t = translator(context);
    await expect(c.getByLabelText(t(msg`Country code`), { exact: false })).toHaveValue("+971");
    const city = c.getByLabelText(t(msg`Emirate (optional)`), { exact: false });
    await expect(
      within(city)
        .getAllByRole("option")
        .filter((o) => (o as HTMLOptionElement).value),
    ).toHaveLength(7);
    await expect(within(city).getByRole("option", { name: t(msg`Dubai`) })).toBeInTheDocument();
  },
};

export const UaeGroupEnglish: Story = { globals: { locale: "en" } };

/** Group Others: about 200 dial codes and about 190+ countries as the city list, named in the page's language. */
export const OthersGroup: Story = {
  args: { initialGroup: "Others" },
  play: async ({ canvasElement, ...context }) => {
    const c = within(canvasElement);
    const t = translator(context);
    const code = () => c.getByLabelText(t(msg`Country code`), { exact: false });
    // The dial codes and country names load on demand: allow for a cold start.
    await waitFor(() => expect(code()).toHaveValue("+1"), { timeout: 15000 });
    await waitFor(() => expect(within(code()).getAllByRole("option").length).toBeGreaterThan(190), { timeout: 15000 });
    const city = c.getByLabelText(t(msg`Country (optional)`), { exact: false });
    await waitFor(() => expect(within(city).getAllByRole("option").length).toBeGreaterThan(190), { timeout: 15000 });
    await expect(within(city).getByRole("option", { name: inLocale(context, { ar: "كندا", en: "Canada" }) })).toHaveValue("Canada");
  },
};

/** The landing variant has no enterprise checkbox. */
export const LandingVariant: Story = { globals: { locale: "en" }, args: { variant: "landing" } };

/** Changing group resets the code and clears the city; submit resets to UAE. */
export const GroupChangeAndSubmit: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.selectOptions(c.getByLabelText(/Emirate \(optional\)/), "Sharjah");
    await userEvent.click(c.getByText("Other countries"));
    await waitFor(() => expect(c.getByLabelText(/Country code/)).toHaveValue("+1"), { timeout: 15000 });
    await expect(c.getByLabelText(/Country \(optional\)/)).toHaveValue("");
    await waitFor(() => expect(within(c.getByLabelText(/Country code/)).getAllByRole("option").length).toBeGreaterThan(190), {
      timeout: 15000,
    });
    await userEvent.selectOptions(c.getByLabelText(/Country code/), "+44");
    await userEvent.selectOptions(c.getByLabelText(/Country \(optional\)/), "United Kingdom");
    await userEvent.click(c.getByText("United Arab Emirates", { selector: '[data-part="item-text"]' }));
    await waitFor(() => expect(c.getByLabelText(/Country code/)).toHaveValue("+971"));
    await expect(c.getByLabelText(/Emirate \(optional\)/)).toHaveValue("");
    await userEvent.type(c.getByLabelText(/Full name/), "Aisha Rahman");
    await userEvent.type(c.getByLabelText(/Work email/), "aisha@creekside.ae");
    await userEvent.type(c.getByLabelText(/Phone number/), "+971 (50) 111-2222");
    await expect(c.getByLabelText(/Phone number/)).toHaveValue("971501112222");
    await userEvent.click(c.getByText("During office hours"));
    await userEvent.click(c.getByText("I'm interested in an enterprise plan"));
    await userEvent.click(c.getByRole("button", { name: "Request a call back" }));
    await waitFor(() => expect(args.submit).toHaveBeenCalled());
    await expect((args.submit as ReturnType<typeof fn>).mock.calls[0]?.[0]).toMatchObject({
      countryCode: "+971",
      country: "UAE",
      callTime: "9-5",
      isEnterpriseInterested: true,
    });
    await expect(await c.findByText("Thank you for your interest!")).toBeInTheDocument();
    await expect(c.getByLabelText(/Full name/)).toHaveValue("");
  },
};

/** The contact-page rules (docs/product.md#leads). */
export const Invalid: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText(/Phone number/), "12-34");
    await userEvent.click(c.getByRole("button", { name: "Request a call back" }));
    await expect(await c.findByText("Full name is required")).toBeInTheDocument();
    await expect(c.getByText("Please enter a valid email address")).toBeInTheDocument();
    await expect(c.getByText("Phone number must be at least 7 digits")).toBeInTheDocument();
    await expect(c.getByText("Please select a preferred call time")).toBeInTheDocument();
    await expect(args.submit).not.toHaveBeenCalled();
  },
};

export const Submitting: Story = {
  globals: { locale: "en" },
  args: { submit: fn(() => new Promise(() => undefined)) as never },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText(/Full name/), "Aisha Rahman");
    await userEvent.type(c.getByLabelText(/Work email/), "aisha@creekside.ae");
    await userEvent.type(c.getByLabelText(/Phone number/), "501112222");
    await userEvent.click(c.getByText("During office hours"));
    await userEvent.click(c.getByRole("button", { name: "Request a call back" }));
    await expect(await c.findByRole("button", { name: /Sending/ })).toBeDisabled();
  },
};

/** Server unreachable: the lead is safe in the outbox; the visitor is thanked and told. */
export const OutboxPending: Story = {
  globals: { locale: "ar" },
  args: { submit: fn(async () => ({ status: "queued" as const, id: "q" })) as never },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText(/الاسم الكامل/), "عائشة الرحمن");
    await userEvent.type(c.getByLabelText(/البريد الإلكتروني/), "aisha@creekside.ae");
    await userEvent.type(c.getByLabelText(/رقم الهاتف/), "501112222");
    await userEvent.click(c.getByText("خلال ساعات العمل"));
    await userEvent.click(c.getByRole("button", { name: "اطلب معاودة الاتصال" }));
    await expect(await c.findByText("شكرًا لاهتمامك!")).toBeInTheDocument();
    await expect(c.getByText(/محفوظة على هذا الجهاز/)).toBeInTheDocument();
  },
};
