import { Stack } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import * as v from "valibot";
import { DialCodeField } from "@/components/forms/dial-code-field";
import { Form } from "@/components/forms/form";
import { PhoneField } from "@/components/forms/phone-field";
import { translator } from "../../support/i18n";

interface PhoneValues {
  countryCode: string;
  phone: string;
}
const schema = v.object({ countryCode: v.string(), phone: v.string() });
const dialCodes = [
  { id: "+971", dial: "+971", label: "+971" },
  { id: "+1", dial: "+1", label: "+1" },
];

/** A phone number beside its dial-code field (the demo booking and sales-lead forms), labels in the story's language. */
function PhoneDemo({ digits, withDialCode, labels }: { digits?: number; withDialCode: boolean; labels: { code: string; phone: string } }) {
  return (
    <Form<PhoneValues, PhoneValues>
      schema={schema}
      defaultValues={{ countryCode: "+971", phone: "" }}
      onSubmit={() => {}}
      aria-label="phone"
    >
      <Stack gap="4" maxW="sm">
        {withDialCode ? <DialCodeField<PhoneValues> name="countryCode" label={labels.code} options={dialCodes} /> : null}
        <PhoneField<PhoneValues>
          name="phone"
          label={labels.phone}
          dialCodeField={withDialCode ? "countryCode" : undefined}
          digits={digits}
          required
        />
      </Stack>
    </Form>
  );
}

const meta = {
  title: "Components/Forms/PhoneField",
  component: PhoneDemo,
  args: { withDialCode: true, labels: { code: "", phone: "" } },
  render: (args, context) => {
    const t = translator(context);
    return <PhoneDemo {...args} labels={{ code: t(msg`Country code`), phone: t(msg`Phone number`) }} />;
  },
  parameters: { layout: "padded" },
} satisfies Meta<typeof PhoneDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

const phoneInput = (canvasElement: HTMLElement, context: Parameters<typeof translator>[0]) =>
  within(canvasElement).getByRole("textbox", { name: new RegExp(translator(context)(msg`Phone number`)) });

/** An autofilled international number loses the chosen dial code; the field stays left to right in Arabic too. */
export const WithDialCode: Story = {
  play: async ({ canvasElement, ...context }) => {
    const input = phoneInput(canvasElement, context);
    await expect(input).toHaveAttribute("type", "tel");
    await expect(input).toHaveAttribute("dir", "ltr");
    // Autofill and paste bring the whole international number at once; typed digits are kept as typed.
    await userEvent.click(input);
    await userEvent.paste("+971 50-123 4567");
    await expect(input).toHaveValue("501234567");
  },
};

/** A fixed number of digits (the article's booking form: 10): a longer paste keeps the last ten. */
export const TenDigits: Story = {
  args: { withDialCode: false, digits: 10 },
  play: async ({ canvasElement, ...context }) => {
    const input = phoneInput(canvasElement, context);
    await expect(input).toHaveAttribute("maxlength", "10");
    await userEvent.click(input);
    await userEvent.paste("(416) 555-0199");
    await expect(input).toHaveValue("4165550199");
  },
};
