import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DemoPage } from "@/features/demo/components/demo-page";
import { DialerStep } from "@/features/demo/components/dialer-step";
import { EditStep } from "@/features/demo/components/edit-step";
import { EmailStep } from "@/features/demo/components/email-step";
import { HeroStep } from "@/features/demo/components/hero-step";
import { OptionsStep } from "@/features/demo/components/options-step";
import { ProgressStep } from "@/features/demo/components/progress-step";
import { ResultsStep } from "@/features/demo/components/results-step";
import { SuccessStep } from "@/features/demo/components/success-step";
import { UploadStep } from "@/features/demo/components/upload-step";
import { DEFAULT_EMAIL_LINKS, type Matches } from "@/features/demo/machines/demo-flow.machine";
import { onMobile, responsiveModes as modes } from "../../../.storybook/modes";
import { translator } from "../../support/i18n";

/**
 * Every step of /demo on a 390 px phone, where the step frame, the option cards, the dialer keypad
 * and the WhatsApp preview stack into one column. Each story checks that nothing is wider than the
 * screen (no sideways scrolling); Chromatic snapshots them in both languages at phone width.
 */
const matches: Matches = ["dubai-marina", "downtown-dubai", "business-bay"];
const send = fn();

const meta = {
  title: "Features/Demo/Mobile",
  component: DemoPage,
  globals: onMobile,
  parameters: { route: "/demo", chromatic: { modes: { "ar mobile": modes["ar mobile"], "en mobile": modes["en mobile"] } } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector("h1")).not.toBeNull());
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
} satisfies Meta<typeof DemoPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The whole page with the real flow machine: Start Now leads to the options, still one column. */
export const Page: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: t(msg`Start Now`) }));
    await expect(await c.findByRole("heading", { level: 1, name: t(msg`How would you like to try it?`) })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const Hero: Story = { render: () => <HeroStep send={send} /> };
export const Options: Story = { render: () => <OptionsStep send={send} /> };
export const Dialer: Story = {
  render: () => <DialerStep send={send} onBack={send} call={{ status: "recording", number: "0501234567", elapsed: 42 }} />,
};
export const Upload: Story = { render: () => <UploadStep send={send} fileName="viewing-call.m4a" rejected={false} /> };
export const Progress: Story = { render: () => <ProgressStep status="loading" value={60} /> };
export const Results: Story = { render: () => <ResultsStep send={send} matches={matches} phrase={0} editing={null} submitted /> };
export const Edit: Story = { render: () => <EditStep send={send} draft={{ matches, phrase: 0 }} editing={null} /> };
export const Email: Story = { render: () => <EmailStep send={send} matches={matches} phrase={0} email={DEFAULT_EMAIL_LINKS} /> };
export const Success: Story = { render: () => <SuccessStep send={send} /> };
