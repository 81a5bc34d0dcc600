import { Button, Stack } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import * as v from "valibot";
import { DialCodeField } from "@/components/forms/dial-code-field";
import { Form } from "@/components/forms/form";
import { PhoneField } from "@/components/forms/phone-field";
import { parsePhone } from "@/lib/forms/phone";
import { phoneMessage } from "@/lib/forms/schemas";
import { translator } from "../../support/i18n";

interface PhoneValues {
  countryCode: string;
  countryIso: string;
  phone: string;
}
const dialCodes = [
  { id: "AE", dial: "+971", label: "+971" },
  { id: "CA", dial: "+1", label: "+1 (CA)" },
];

type Tr = ReturnType<typeof translator>;
/** The forms' phone rule (src/lib/forms/phone.ts) with its messages in the story's language. */
const schemaFor = (t: Tr, locale: string) =>
  v.pipe(
    v.object({ countryCode: v.string(), countryIso: v.string(), phone: v.string() }),
    v.forward(
      v.check(
        (i) => parsePhone(i.phone, { dial: i.countryCode, country: i.countryIso }).ok,
        (issue) => {
          const choice = { dial: issue.input.countryCode, country: issue.input.countryIso };
          return phoneMessage((m) => t(m), parsePhone(issue.input.phone, choice), choice.country, locale);
        },
      ),
      ["phone"],
    ),
  );

/** A phone number under its dial-code field (the demo booking and sales-lead forms), labels in the story's language. */
function PhoneDemo({ t, locale, initial = "" }: { t: Tr; locale: string; initial?: string }) {
  return (
    <Form<PhoneValues, PhoneValues>
      schema={schemaFor(t, locale)}
      defaultValues={{ countryCode: "+971", countryIso: "AE", phone: initial }}
      onSubmit={() => {}}
      aria-label="phone"
    >
      <Stack gap="4" maxW="sm">
        <DialCodeField<PhoneValues> name="countryCode" countryField="countryIso" label={t(msg`Country code`)} options={dialCodes} />
        <PhoneField<PhoneValues> name="phone" label={t(msg`Phone number`)} required />
        <Button type="submit" alignSelf="start">
          {t(msg`Request a call back`)}
        </Button>
      </Stack>
    </Form>
  );
}

const meta = {
  title: "Components/Forms/PhoneField",
  component: PhoneDemo,
  args: { t: (m) => m.message ?? "", locale: "en" },
  argTypes: { t: { table: { disable: true } } },
  render: (args, context) => <PhoneDemo {...args} t={translator(context)} locale={String(context.globals.locale ?? "ar")} />,
  parameters: { layout: "padded" },
} satisfies Meta<typeof PhoneDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

const phoneInput = (canvasElement: HTMLElement, context: Parameters<typeof translator>[0]) =>
  within(canvasElement).getByRole("textbox", { name: new RegExp(translator(context)(msg`Phone number`)) });

/** An autofilled international number is kept whole, as typed; the field stays left to right in Arabic too. */
export const Autofilled: Story = {
  play: async ({ canvasElement, ...context }) => {
    const input = phoneInput(canvasElement, context);
    await expect(input).toHaveAttribute("type", "tel");
    await expect(input).toHaveAttribute("dir", "ltr");
    await expect(input).toHaveAttribute("inputmode", "tel");
    await userEvent.click(input);
    await userEvent.paste("+971 50-123 4567");
    await expect(input).toHaveValue("+971 50-123 4567");
  },
};

/** Arabic-Indic digits become Western ones as they are typed; none is lost. */
export const ArabicDigits: Story = {
  play: async ({ canvasElement, ...context }) => {
    const input = phoneInput(canvasElement, context);
    await userEvent.click(input);
    await userEvent.type(input, "٠٥٠١٢٣٤٥٦٧");
    await expect(input).toHaveValue("0501234567");
  },
};

/** The error state: a number with another country's code than the chosen one, named in the message. */
export const WrongCountry: Story = {
  args: { initial: "+44 20 7946 0958" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Request a call back`) }));
    const input = phoneInput(canvasElement, context);
    await waitFor(() => expect(input).toHaveAttribute("aria-invalid", "true"));
    // The message names the number's code (+44) and the chosen country, in the story's language.
    await expect(await c.findByText(/\+44/)).toBeVisible();
  },
};

/** The error state of a number too short for the chosen country. */
export const TooShort: Story = {
  args: { initial: "050 123" },
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Request a call back`) }));
    await expect(await c.findByText(t(msg`This phone number is too short`))).toBeInTheDocument();
  },
};
