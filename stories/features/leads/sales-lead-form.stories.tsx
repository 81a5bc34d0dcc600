import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { SalesLeadForm } from "@/features/leads/components/sales-lead-form";
import { containing, inLocale, startingWith, translator } from "../../support/i18n";
import { OUTBOX_KEY } from "@/lib/submit/outbox";

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
export const LandingVariant: Story = { args: { variant: "landing" } };

type T = ReturnType<typeof translator>;
const field = (c: ReturnType<typeof within>, t: T, label: Parameters<T>[0]) => c.getByLabelText(startingWith(t(label)));
const visitor = { ar: { name: "عائشة الرحمن" }, en: { name: "Aisha Rahman" } };

/** Changing group resets the code and clears the city; submit resets to UAE. */
export const GroupChangeAndSubmit: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const code = () => field(c, t, msg`Country code`);
    await userEvent.selectOptions(field(c, t, msg`Emirate (optional)`), "Sharjah");
    await userEvent.click(c.getByText(t(msg`Other countries`)));
    await waitFor(() => expect(code()).toHaveValue("+1"), { timeout: 15000 });
    await expect(field(c, t, msg`Country (optional)`)).toHaveValue("");
    await waitFor(() => expect(within(code()).getAllByRole("option").length).toBeGreaterThan(190), { timeout: 15000 });
    await userEvent.selectOptions(code(), "+44");
    await userEvent.selectOptions(field(c, t, msg`Country (optional)`), "United Kingdom");
    await userEvent.click(c.getByText(t(msg`United Arab Emirates`), { selector: '[data-part="item-text"]' }));
    await waitFor(() => expect(code()).toHaveValue("+971"));
    await expect(field(c, t, msg`Emirate (optional)`)).toHaveValue("");
    await userEvent.type(field(c, t, msg`Full name`), inLocale(context, visitor).name);
    await userEvent.type(field(c, t, msg`Work email`), "aisha@creekside.ae");
    await userEvent.type(field(c, t, msg`Phone number`), "+971 (50) 111-2222");
    // Autofilled or typed with its code, the number is kept whole (issue 29); the payload has it in E.164.
    await expect(field(c, t, msg`Phone number`)).toHaveValue("+971 (50) 111-2222");
    await userEvent.click(c.getByText(t(msg`During office hours`)));
    await userEvent.click(c.getByText(t(msg`I'm interested in an enterprise plan`)));
    await userEvent.click(c.getByRole("button", { name: t(msg`Request a call back`) }));
    await waitFor(() => expect(args.submit).toHaveBeenCalled());
    await expect((args.submit as ReturnType<typeof fn>).mock.calls[0]?.[0]).toMatchObject({
      countryCode: "+971",
      country: "UAE",
      callTime: "9-5",
      isEnterpriseInterested: true,
    });
    await expect(await c.findByText(t(msg`Thank you for your interest!`))).toBeInTheDocument();
    await expect(field(c, t, msg`Full name`)).toHaveValue("");
  },
};

/** Every required question carries the kit's required mark, the two radio groups too (also `aria-required`); optional ones do not. */
export const RequiredMarks: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const mark = (label: Element | null) =>
      label?.querySelector(".chakra-field__requiredIndicator" /* the kit's required mark (Field.RequiredIndicator) */) ?? null;
    const labelOf = (control: HTMLElement) => (control as HTMLInputElement).labels?.[0] ?? null;
    for (const label of [msg`Full name`, msg`Work email`, msg`Country code`, msg`Phone number`])
      await expect(mark(labelOf(field(c, t, label)))).toBeInTheDocument();
    for (const label of [msg`Emirate (optional)`, msg`Brokerage or company (optional)`])
      await expect(mark(labelOf(field(c, t, label)))).toBeNull();
    for (const label of [msg`Where does your team sell?`, msg`When should we call you?`]) {
      const group = c.getByRole("radiogroup", { name: t(label) });
      await expect(group).toHaveAttribute("aria-required", "true");
      const groupLabel = document.getElementById(group.getAttribute("aria-labelledby") ?? "");
      await expect(mark(groupLabel)).toBeInTheDocument();
      await expect(mark(groupLabel)).toHaveAttribute("aria-hidden", "true");
    }
  },
};

/** The contact-page rules (docs/product.md#leads); the phone is read against the chosen country (+971). */
export const Invalid: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.type(field(c, t, msg`Phone number`), "12-34");
    await userEvent.click(c.getByRole("button", { name: t(msg`Request a call back`) }));
    await expect(await c.findByText(t(msg`Full name is required`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`Please enter a valid email address`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`This phone number is too short`))).toBeInTheDocument();
    await expect(c.getByText(t(msg`Please select a preferred call time`))).toBeInTheDocument();
    await expect(args.submit).not.toHaveBeenCalled();
  },
};

/** Fills the required fields with the sample visitor of the story's language and sends. */
const fillAndSend = async (c: ReturnType<typeof within>, t: T, context: Parameters<typeof inLocale>[0]) => {
  await userEvent.type(field(c, t, msg`Full name`), inLocale(context, visitor).name);
  await userEvent.type(field(c, t, msg`Work email`), "aisha@creekside.ae");
  await userEvent.type(field(c, t, msg`Phone number`), "501112222");
  await userEvent.click(c.getByText(t(msg`During office hours`)));
  await userEvent.click(c.getByRole("button", { name: t(msg`Request a call back`) }));
};

export const Submitting: Story = {
  args: { submit: fn(() => new Promise(() => undefined)) as never },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await fillAndSend(c, t, context);
    await expect(await c.findByRole("button", { name: containing(t(msg`Sending…`)) })).toBeDisabled();
  },
};

/** Server unreachable: the lead is safe in the outbox; the visitor is thanked and told. */
export const OutboxPending: Story = {
  // The submission waits in the page's outbox (as the real submit leaves it when offline), so the form's
  // note says it will be sent, not that it has been.
  args: {
    submit: fn(async () => {
      const item = {
        envelope: { formType: "sales_lead", payload: {}, path: "/contact", locale: "en", submissionId: "q" },
        createdAt: Date.now(),
        attempts: 1,
        nextAttemptAt: Date.now() + 3_600_000,
      };
      localStorage.setItem(OUTBOX_KEY, JSON.stringify([item]));
      return { status: "queued" as const, id: "q" };
    }) as never,
  },
  beforeEach: () => () => localStorage.removeItem(OUTBOX_KEY),
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await fillAndSend(c, t, context);
    await expect(await c.findByText(t(msg`Thank you for your interest!`))).toBeInTheDocument();
    await expect(
      c.getByText(containing(t(msg`Your details are saved on this device and will be sent as soon as the connection returns.`))),
    ).toBeInTheDocument();
  },
};
