import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, fn, userEvent, within } from "storybook/test";
import type { Conversion, Traffic } from "@/features/admin-analytics/api/analytics";
import { AnalyticsPage } from "@/features/admin-analytics/components/analytics-page";
import { type Period, addDays, lastDays, previousOf } from "@/features/admin-analytics/lib/period";
import { translator } from "../../support/i18n";

/**
 * Admin → Analytics (docs/analytics.md): a month of data beside the month before, a sales member's view
 * (conversion only), nothing counted yet, loading and failed; every story in Arabic (right to left: the
 * charts start from the right) and English.
 */
const TODAY = "2026-11-27";
const period: Period = lastDays(28, TODAY);
const previous = previousOf(period);

const daily = Array.from({ length: 28 }, (_, i) => {
  const views = 120 + ((i * 37) % 90) + (i % 7 === 5 ? -60 : 0);
  return { day: addDays(period.from, i), views, visitors: Math.round(views * 0.62) };
});
const sum = (rows: { views: number }[]) => rows.reduce((n, r) => n + r.views, 0);

const traffic: Traffic = {
  views: sum(daily),
  visitors: daily.reduce((n, r) => n + r.visitors, 0),
  daily,
  breakdowns: {
    page: [
      { key: "/", views: 1480, visitors: 1010 },
      { key: "/en", views: 820, visitors: 560 },
      { key: "/contact", views: 610, visitors: 420 },
      { key: "/blog/ai-follow-up-speed", views: 390, visitors: 300 },
      { key: "/en/book", views: 210, visitors: 170 },
    ],
    channel: [
      { key: "organic_search", views: 1400, visitors: 990 },
      { key: "direct", views: 1100, visitors: 760 },
      { key: "whatsapp", views: 520, visitors: 300 },
      { key: "paid_search", views: 310, visitors: 240 },
      { key: "email", views: 180, visitors: 120 },
    ],
    source: [
      { key: "", views: 1100, visitors: 760 },
      { key: "www.google.com", views: 1300, visitors: 910 },
      { key: "whatsapp", views: 520, visitors: 300 },
      { key: "newsletter", views: 180, visitors: 120 },
    ],
    campaign: [
      { key: "", views: 2700, visitors: 1880 },
      { key: "dubai-q4", views: 610, visitors: 380 },
      { key: "toronto-launch", views: 200, visitors: 150 },
    ],
    locale: [
      { key: "ar", views: 2290, visitors: 1560 },
      { key: "en", views: 1220, visitors: 850 },
    ],
    device: [
      { key: "mobile", views: 2600, visitors: 1780 },
      { key: "desktop", views: 800, visitors: 560 },
      { key: "tablet", views: 110, visitors: 70 },
    ],
  },
};
const trafficBefore: Traffic = {
  ...traffic,
  views: Math.round(traffic.views * 0.8),
  visitors: Math.round(traffic.visitors * 1.1),
  daily: [],
};

const conversion: Conversion = {
  funnels: [
    { form: "demo_booking", views: 640, started: 210, submitted: 96, stored: 88, errors: 31 },
    { form: "newsletter", views: 3510, started: 140, submitted: 75, stored: 70, errors: 9 },
    { form: "sales_lead", views: 610, started: 180, submitted: 72, stored: 64, errors: 22 },
  ],
  breakdowns: {
    page: [
      { form: "sales_lead", key: "/contact", views: 420, stored: 47 },
      { form: "demo_booking", key: "/en/book", views: 210, stored: 30 },
    ],
    locale: [
      { form: "sales_lead", key: "ar", views: 400, stored: 40 },
      { form: "sales_lead", key: "en", views: 210, stored: 24 },
    ],
    campaign: [
      { form: "demo_booking", key: "dubai-q4", views: 120, stored: 19 },
      { form: "sales_lead", key: "", views: 500, stored: 41 },
    ],
  },
};
const conversionBefore: Conversion = {
  ...conversion,
  funnels: conversion.funnels.map((f) => ({ ...f, stored: Math.round(f.stored * 0.75) })),
};
const nothing: Traffic = { views: 0, visitors: 0, daily: [], breakdowns: {} };
const noConversion: Conversion = { funnels: [], breakdowns: {} };

const meta = {
  title: "Features/Admin Analytics/Analytics page",
  component: AnalyticsPage,
  args: {
    status: "ready",
    preset: "28d",
    period,
    previous,
    today: TODAY,
    data: { traffic: { current: traffic, previous: trafficBefore }, conversion: { current: conversion, previous: conversionBefore } },
    onPreset: fn(),
    onCustom: fn(),
    onRetry: fn(),
  },
  parameters: { route: "/admin/analytics", layout: "fullscreen" },
} satisfies Meta<typeof AnalyticsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    // Numbers in the admin's locale, Western digits in both languages.
    const lead = c.getByTestId("funnel-sales_lead");
    expect(
      within(lead)
        .getAllByTestId("step-count")
        .map((e) => e.textContent),
    ).toEqual(["610", "180", "72", "64"]);
    expect(c.getByRole("img", { name: new RegExp(t(msg`Page views per day`)) })).toBeInTheDocument();
    expect(canvasElement.textContent).not.toMatch(/[٠-٩۰-۹]/);
  },
};

/** A sales member: conversion only (the database refuses them traffic). */
export const SalesConversionOnly: Story = {
  args: { data: { traffic: null, conversion: { current: conversion, previous: conversionBefore } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    expect(c.queryByTestId("breakdown-page")).toBeNull();
    expect(c.getByTestId("funnel-demo_booking")).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { data: { traffic: { current: nothing, previous: nothing }, conversion: { current: noConversion, previous: noConversion } } },
};

export const Loading: Story = { args: { status: "loading", data: null } };

export const Failed: Story = {
  args: { status: "failed", data: null },
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    await userEvent.click(within(canvasElement).getByRole("button", { name: t(msg`Try again`) }));
    expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Choosing days: a range that ends before it starts is refused with a message; a good one is applied. */
export const ChosenDays: Story = {
  play: async ({ canvasElement, args, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    await userEvent.selectOptions(c.getByRole("combobox", { name: t(msg`Period`) }), "custom");
    const from = c.getByLabelText(t(msg`From`));
    const to = c.getByLabelText(t(msg`To`));
    fireEvent.change(from, { target: { value: "2026-11-20" } });
    fireEvent.change(to, { target: { value: "2026-11-10" } });
    await userEvent.click(c.getByRole("button", { name: t(msg`Show`) }));
    expect(await c.findByRole("alert")).toHaveTextContent(t(msg`The first day must come before the last.`));
    fireEvent.change(to, { target: { value: "2026-11-25" } });
    await userEvent.click(c.getByRole("button", { name: t(msg`Show`) }));
    expect(args.onCustom).toHaveBeenCalledWith({ from: "2026-11-20", to: "2026-11-25" });
  },
};
