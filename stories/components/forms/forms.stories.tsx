import { Button, Stack } from "@chakra-ui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import * as v from "valibot";
import { BookingDateField } from "@/components/forms/date-field";
import { CheckboxField, RadioGroupField, SelectField, TextField } from "@/components/forms/fields";
import { Form } from "@/components/forms/form";
import { OutboxNotice } from "@/components/forms/outbox-notice";
import { TimeSlotField } from "@/components/forms/time-slot-field";
import { isBookableDate } from "@/lib/forms/booking-rules";

/** Friday 20 November 2026, 10:00 local. */
const now = () => new Date(2026, 10, 20, 10, 0);

const schema = v.object({
  name: v.pipe(v.string(), v.minLength(2, "Name is too short")),
  choice: v.picklist(["a", "b"], "Choose one"),
  size: v.picklist(["s", "m"], "Pick a size"),
  agree: v.optional(v.boolean(), false),
  date: v.pipe(v.string(), v.check((s) => isBookableDate(s, now()), "Pick a weekday after today")),
  time: v.pipe(v.string(), v.minLength(1, "Pick a time")),
});

function Demo({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  return (
    <Form schema={schema} defaultValues={{ name: "", choice: "", size: "", agree: false, date: "", time: "" } as never} onSubmit={(values) => onSubmit(values)} aria-label="Example">
      {(form) => (
        <Stack gap="4" maxW="md">
          <TextField name="name" label="Name" required helperText="At least two letters." />
          <SelectField name="choice" label="Choice" placeholder="Choose…" options={[{ value: "a", label: "A" }, { value: "b", label: "B" }]} />
          <RadioGroupField name="size" label="Size" options={[{ value: "s", label: "Small" }, { value: "m", label: "Medium" }]} />
          <CheckboxField name="agree" label="Keep me posted" />
          <BookingDateField name="date" label="Date" now={now} />
          {form.watch("date" as never) ? <TimeSlotField name="time" label="Time" placeholder="Choose a time" last="17:00" /> : null}
          <Button type="submit" colorPalette="brand" loadingText="Sending…" loading={form.formState.isSubmitting}>
            Send
          </Button>
        </Stack>
      )}
    </Form>
  );
}

const meta = {
  title: "Components/Forms/Fields",
  component: Demo,
  args: { onSubmit: fn() },
  parameters: { layout: "padded" },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Invalid: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Send" }));
    await expect(await c.findByText("Name is too short")).toBeInTheDocument();
    await expect(c.getByText("Choose one")).toBeInTheDocument();
    await expect(c.getByText("Pick a size")).toBeInTheDocument();
    await expect(c.getByText("Pick a weekday after today")).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Weekends, today and the past are disabled; the keyboard moves through the calendar. */
export const DatePickerKeyboard: Story = {
  globals: { locale: "en" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const body = within(document.body);
    await userEvent.click(c.getByRole("button", { name: "Open the calendar" }));
    await expect(await body.findByRole("button", { name: /November 21, 2026/ })).toHaveAttribute("aria-disabled", "true");
    await expect(body.getByRole("button", { name: /November 19, 2026/ })).toHaveAttribute("aria-disabled", "true");
    await expect(body.getByRole("button", { name: /November 23, 2026/ })).not.toHaveAttribute("aria-disabled", "true");
    await userEvent.click(body.getByRole("button", { name: /November 23, 2026/ }));
    await expect(await c.findByLabelText("Time")).toBeInTheDocument();
  },
};

export const OutboxPending: Story = {
  globals: { locale: "en" },
  render: () => <OutboxNotice pending={1} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("saved on this device");
  },
};

export const OutboxEmpty: Story = { render: () => <OutboxNotice pending={0} /> };
