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
import { useLocale } from "@/lib/i18n/locale-context";

/** Friday 20 November 2026, 10:00 local. */
const now = () => new Date(2026, 10, 20, 10, 0);

/** Sample labels and messages in both languages; the story shows those of its locale. */
const sample = {
  ar: {
    name: "الاسم",
    nameHelp: "حرفان على الأقل.",
    nameShort: "الاسم قصير جدًا",
    choice: "الاختيار",
    choose: "اختر…",
    chooseOne: "اختر واحدًا",
    options: ["أ", "ب"],
    size: "المقاس",
    sizes: ["صغير", "متوسط"],
    pickSize: "اختر مقاسًا",
    agree: "أبقني على اطلاع",
    date: "التاريخ",
    pickWeekday: "اختر يوم عمل بعد اليوم",
    time: "الوقت",
    chooseTime: "اختر وقتًا",
    pickTime: "اختر وقتًا",
    sending: "جارٍ الإرسال…",
    send: "إرسال",
    form: "مثال",
  },
  en: {
    name: "Name",
    nameHelp: "At least two letters.",
    nameShort: "Name is too short",
    choice: "Choice",
    choose: "Choose…",
    chooseOne: "Choose one",
    options: ["A", "B"],
    size: "Size",
    sizes: ["Small", "Medium"],
    pickSize: "Pick a size",
    agree: "Keep me posted",
    date: "Date",
    pickWeekday: "Pick a weekday after today",
    time: "Time",
    chooseTime: "Choose a time",
    pickTime: "Pick a time",
    sending: "Sending…",
    send: "Send",
    form: "Example",
  },
};
type Sample = (typeof sample)["en"];

const schemaOf = (s: Sample) =>
  v.object({
    name: v.pipe(v.string(), v.minLength(2, s.nameShort)),
    choice: v.picklist(["a", "b"], s.chooseOne),
    size: v.picklist(["s", "m"], s.pickSize),
    agree: v.optional(v.boolean(), false),
    date: v.pipe(
      v.string(),
      v.check((d) => isBookableDate(d, now()), s.pickWeekday),
    ),
    time: v.pipe(v.string(), v.minLength(1, s.pickTime)),
  });
const schemas = { ar: schemaOf(sample.ar), en: schemaOf(sample.en) };

function Demo({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const { locale } = useLocale();
  const s = sample[locale];
  return (
    <Form
      key={locale}
      schema={schemas[locale]}
      defaultValues={{ name: "", choice: "", size: "", agree: false, date: "", time: "" } as never}
      onSubmit={(values) => onSubmit(values)}
      aria-label={s.form}
    >
      {(form) => (
        <Stack gap="4" maxW="md">
          <TextField name="name" label={s.name} required helperText={s.nameHelp} />
          <SelectField
            name="choice"
            label={s.choice}
            placeholder={s.choose}
            options={[
              { value: "a", label: s.options[0]! },
              { value: "b", label: s.options[1]! },
            ]}
          />
          <RadioGroupField
            name="size"
            label={s.size}
            options={[
              { value: "s", label: s.sizes[0]! },
              { value: "m", label: s.sizes[1]! },
            ]}
          />
          <CheckboxField name="agree" label={s.agree} />
          <BookingDateField name="date" label={s.date} now={now} />
          {form.watch("date" as never) ? <TimeSlotField name="time" label={s.time} placeholder={s.chooseTime} last="17:00" /> : null}
          <Button type="submit" colorPalette="brand" loadingText={s.sending} loading={form.formState.isSubmitting}>
            {s.send}
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
