import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useEffect } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { FormToaster, formToaster } from "@/components/forms/form-toaster";
import { DemoToaster, demoToaster } from "@/features/demo/components/demo-toaster";
import { AdminToaster, adminToaster } from "@/features/auth/components/admin-toaster";
import { translator } from "../../support/i18n";

/**
 * The three toasters of the site, each showing the messages the app really sends (translated into the
 * story's language). Toasts stay until closed here so a snapshot does not depend on timing. Admin toasts
 * sit at the start edge (right in Arabic, left in English), the visitor toasts at the end edge.
 */
type Kind = "success" | "error" | "info" | "warning";
type Sample = { toaster: "admin" | "form" | "demo"; type: Kind; title: MessageDescriptor; description?: MessageDescriptor };

const toasters = { admin: adminToaster, form: formToaster, demo: demoToaster };

/** Shows the given toasts (in the language of the surrounding app) and the three toasters. */
function Toasts({ samples }: { samples: Sample[] }) {
  const { i18n } = useLingui();
  useEffect(() => {
    for (const s of samples) {
      toasters[s.toaster].create({
        type: s.type,
        title: i18n._(s.title),
        description: s.description ? i18n._(s.description) : undefined,
        duration: Number.POSITIVE_INFINITY,
        closable: s.toaster === "admin",
      });
    }
    return () => {
      for (const toaster of Object.values(toasters)) toaster.remove();
    };
  }, [samples, i18n]);
  // Only the toasters in use: the visitor toasters share a corner and a landmark name, and a page
  // never hosts both.
  const used = new Set(samples.map((s) => s.toaster));
  return (
    <>
      {used.has("admin") ? <AdminToaster /> : null}
      {used.has("form") ? <FormToaster /> : null}
      {used.has("demo") ? <DemoToaster /> : null}
    </>
  );
}

/** Waits for a toast's text to finish its entry animation. */
const shown = (text: string) => waitFor(() => expect(within(document.body).getByText(text)).toBeVisible());

const meta = {
  title: "Components/Feedback/Toasts",
  component: Toasts,
  args: { samples: [] },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof Toasts>;
export default meta;
type Story = StoryObj<typeof meta>;

const saved: Sample = { toaster: "admin", type: "success", title: msg`Post created successfully.` };
const failed: Sample = {
  toaster: "admin",
  type: "error",
  title: msg`Failed to save post. Please try again.`,
};
const info: Sample = {
  toaster: "admin",
  type: "info",
  title: msg`File uploaded successfully`,
  description: msg`Your recording is being analysed.`,
};

/** A container reported success: the admin toaster, green indicator, closable. */
export const Success: Story = {
  args: { samples: [saved] },
  play: async (context) => {
    const t = translator(context);
    const body = within(document.body);
    await shown(t(msg`Post created successfully.`));
    // The close button is named in the page's language and removes the toast.
    await userEvent.click(body.getByRole("button", { name: t(msg`Close`) }));
    await waitFor(() => expect(body.queryByText(t(msg`Post created successfully.`))).toBeNull());
  },
};

/** A save failed: the error style; it stays longer in the app (8 s). */
export const Failure: Story = {
  name: "Error",
  args: { samples: [failed] },
  play: async (context) => {
    const t = translator(context);
    await shown(t(msg`Failed to save post. Please try again.`));
  },
};

/** The info style with a description line. */
export const Info: Story = {
  args: { samples: [info] },
  play: async (context) => {
    const t = translator(context);
    await shown(t(msg`Your recording is being analysed.`));
  },
};

/** Three at once: they stack at the start edge, newest first. */
export const Stacked: Story = {
  args: { samples: [saved, failed, info] },
  play: async (context) => {
    const t = translator(context);
    for (const sample of [saved, failed, info]) await shown(t(sample.title));
  },
};

/**
 * The demo's warning when the recording could not be sent for processing. Known issue, reported to the
 * demo's owner: Chakra's warning toast puts its description (orange.100 on orange.600) at a contrast
 * of 2.8:1, under the 4.5:1 WCAG AA asks for; until the toaster sets its own colours this story
 * reports the violation in the a11y panel instead of failing.
 */
export const DemoWarning: Story = {
  parameters: { a11y: { test: "todo" } },
  args: {
    samples: [
      {
        toaster: "demo",
        type: "warning",
        title: msg`File uploaded locally`,
        description: msg`It could not be sent for processing, so the demo continues with sample results.`,
      },
    ],
  },
  play: async (context) => {
    await shown(translator(context)(msg`File uploaded locally`));
  },
};

/** The booking dialog's confirmation, on the dark visitor toaster at the end edge. */
export const BookingConfirmed: Story = {
  args: {
    samples: [
      {
        toaster: "form",
        type: "success",
        title: msg`Demo Scheduled Successfully!`,
        description: msg`We'll send you a calendar invite and confirmation email shortly.`,
      },
    ],
  },
  play: async (context) => {
    const t = translator(context);
    const title = t(msg`Demo Scheduled Successfully!`);
    await shown(title);
    // The end edge: bottom left in Arabic, bottom right in English.
    const box = within(document.body).getByText(title).getBoundingClientRect();
    const middle = window.innerWidth / 2;
    if (context.globals.locale === "en") await expect(box.left).toBeGreaterThan(middle);
    else await expect(box.right).toBeLessThan(middle);
  },
};
