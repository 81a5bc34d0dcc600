import type { SupabaseClient } from "@supabase/supabase-js";
import { useCallback, useMemo, useState } from "react";
import type { Database } from "@/lib/database.types";
import { getSupabase } from "@/lib/supabase/client";
import { useLoad } from "@/lib/use-load";
import { fetchConversion, fetchTraffic } from "../api/analytics";
import { PRESET_DAYS, type Period, type PeriodPreset, dayOf, lastDays, previousOf } from "../lib/period";
import { type AnalyticsData, AnalyticsPage } from "./analytics-page";

/**
 * Wires Admin → Analytics to public.analytics_traffic and public.analytics_conversion (docs/analytics.md): the
 * chosen period and the one before it, four calls at once. `showTraffic` is false for sales members, who may
 * only read conversion (the database refuses them traffic anyway).
 */
export function AnalyticsContainer({
  showTraffic,
  client = getSupabase,
  now = () => new Date(),
}: {
  showTraffic: boolean;
  client?: () => Promise<SupabaseClient<Database>>;
  now?: () => Date;
}) {
  const [today] = useState(() => dayOf(now()));
  const [preset, setPreset] = useState<PeriodPreset>("28d");
  const [period, setPeriod] = useState<Period>(() => lastDays(PRESET_DAYS["28d"], today));
  const previous = useMemo(() => previousOf(period), [period]);
  const [data, setData] = useState<AnalyticsData | null>(null);
  const { status, load } = useLoad(
    useCallback(async () => {
      const supabase = await client();
      const [conversion, conversionBefore, traffic, trafficBefore] = await Promise.all([
        fetchConversion(supabase, period),
        fetchConversion(supabase, previous),
        showTraffic ? fetchTraffic(supabase, period) : null,
        showTraffic ? fetchTraffic(supabase, previous) : null,
      ]);
      setData({
        traffic: traffic && trafficBefore ? { current: traffic, previous: trafficBefore } : null,
        conversion: { current: conversion, previous: conversionBefore },
      });
    }, [client, period, previous, showTraffic]),
  );
  return (
    <AnalyticsPage
      status={status}
      preset={preset}
      period={period}
      previous={previous}
      today={today}
      data={data}
      onPreset={(p) => {
        setPreset(p);
        setPeriod(lastDays(PRESET_DAYS[p], today));
      }}
      onCustom={(p) => {
        setPreset("custom");
        setPeriod(p);
      }}
      onRetry={() => void load()}
    />
  );
}
