import { Button, Stack } from "@chakra-ui/react";
import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import * as v from "valibot";
import { BookingDateField } from "@/components/forms/date-field";
import { CheckboxField, RadioGroupField, SelectField, TextField } from "@/components/forms/fields";
import { Form } from "@/components/forms/form";
import { OutboxNotice } from "@/components/forms/outbox-notice";
import { TimeSlotField } from "@/components/forms/time-slot-field";
import { isBookableDate } from "@/lib/forms/booking-rules";
import { useLocale } from "@/lib/i18n/locale-context";
import { inLocale, startingWith, translator } from "../../support/i18n";

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
const sampleOf = (context: { globals: Record<string, unknown> }): Sample => inLocale(context, sample);

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
            required
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

/** A required radio group shows the same required mark as a required text field, and is `aria-required`. */
export const Default: Story = {
  play: async ({ canvasElement, ...context }) => {
    const s = sampleOf(context);
    const c = within(canvasElement);
    const mark = ".chakra-field__requiredIndicator"; /* the kit's required mark (Field.RequiredIndicator) */
    await expect((c.getByLabelText(startingWith(s.name)) as HTMLInputElement).labels?.[0]?.querySelector(mark)).toBeInTheDocument();
    const group = c.getByRole("radiogroup", { name: s.size });
    await expect(group).toHaveAttribute("aria-required", "true");
    await expect(document.getElementById(group.getAttribute("aria-labelledby") ?? "")?.querySelector(mark)).toHaveAttribute(
      "aria-hidden",
      "true",
    );
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const s = sampleOf(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: s.send }));
    await expect(await c.findByText(s.nameShort)).toBeInTheDocument();
    await expect(c.getByText(s.chooseOne)).toBeInTheDocument();
    await expect(c.getByText(s.pickSize)).toBeInTheDocument();
    await expect(c.getByText(s.pickWeekday)).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A day of the calendar by its date (its name is the date written in the story's language). */
const day = (isoDate: string) => document.querySelector<HTMLElement>(`[data-part="table-cell-trigger"][data-value="${isoDate}"]`);

/** Weekends, today and the past are disabled; a weekday after today can be picked and brings the time field. */
export const DatePickerKeyboard: Story = {
  play: async ({ canvasElement, ...context }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: translator(context)(msg`Open the calendar`) }));
    await waitFor(() => expect(day("2026-11-23")).toBeVisible());
    await expect(day("2026-11-21")).toHaveAttribute("aria-disabled", "true");
    await expect(day("2026-11-19")).toHaveAttribute("aria-disabled", "true");
    await expect(day("2026-11-23")).not.toHaveAttribute("aria-disabled", "true");
    await userEvent.click(day("2026-11-23")!);
    await expect(await c.findByLabelText(sampleOf(context).time)).toBeInTheDocument();
  },
};

export const OutboxPending: Story = {
  render: () => <OutboxNotice pending={1} />,
  play: async ({ canvasElement, ...context }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      translator(context)(msg`Your details are saved on this device and will be sent as soon as the connection returns.`),
    );
  },
};

export const OutboxEmpty: Story = { render: () => <OutboxNotice pending={0} /> };
