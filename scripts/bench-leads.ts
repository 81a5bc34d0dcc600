/**
 * node --import tsx scripts/bench-leads.ts [--leads=100000] [--runs=7] [--database-url=postgres://…]
 *
 * The leads inbox's response time with many leads (docs/leads.md#performance): fills a fresh database
 * (embedded PGlite in a temporary directory, or a fresh database created in the PostgreSQL cluster of
 * --database-url) with --leads people (one submission each, a tenth of them with a second submission,
 * written set-based as the submission trigger would write them), starts the embedded API on loopback, signs in as an owner and times
 * the inbox's own query function (`listLeadsPage`, the same supabase-js call the browser makes: one
 * page of 50 with the exact count) for the default view and each filter, plus the dashboard's figures.
 * Prints the median and the slowest of --runs runs per query. Removes everything it created.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import pg from "pg";
import { createClient } from "@supabase/supabase-js";
import { createApi } from "../server/api/index.ts";
import { loadLeadDashboard } from "../src/features/admin-leads/api/lead-dashboard.ts";
import { listLeadsPage } from "../src/features/admin-leads/api/list-leads.ts";
import { type LeadQuery, defaultLeadQuery } from "../src/features/admin-leads/lib/pipeline.ts";

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const LEADS = Math.min(1_000_000, Number(arg("leads", "100000")));
const RUNS = Math.max(1, Math.min(50, Number(arg("runs", "7"))));
const clusterUrl = arg("database-url", "");

const EMAIL = "bench-owner@example.com";
const PASSWORD = "a long benchmark password 2026";
const silent = { info() {}, warn() {}, error: (m: string, e?: object) => console.error(m, e) };

let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (clusterUrl) {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  const name = `bench_leads_${randomUUID().replace(/-/g, "").slice(0, 10)}`;
  await admin.query(`create database ${name}`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
const dataDir = mkdtempSync(join(tmpdir(), "bench-leads-"));
const started = performance.now();
const api = await createApi({
  dataDir,
  databaseUrl,
  siteUrl: "http://127.0.0.1",
  env: { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, SEED: "0" },
  log: silent,
});
const app = express();
app.use(api.router);
const server = await new Promise<Server>((resolve) => {
  const s = app.listen(0, "127.0.0.1", () => resolve(s));
});
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

try {
  console.log(`${databaseUrl ? "PostgreSQL" : "PGlite"}: filling ${LEADS.toLocaleString("en")} leads…`);
  const fill = performance.now();
  const types = ["sales_lead", "demo_booking", "newsletter"];
  const pages = ["/", "/contact", "/en", "/en/contact", "/blog/x", "/en/blog/y"];
  const countries = ["UAE", "Saudi Arabia", "Qatar", "Oman", "Canada"];
  // Set-based, not row by row: the trigger (tested in tests/conformance/leads-pipeline.test.ts) would
  // take tens of minutes for 100,000 rows in PGlite. The same rows it would write: submissions, one
  // lead per person (a tenth with a second form), a "created" event each.
  await api.db.query("alter table public.form_submissions disable trigger form_submissions_attach_lead");
  await api.db.query(
    `insert into public.form_submissions (submission_id, form_type, payload, page_path, locale, created_at)
     select gen_random_uuid(),
            ($2::text[])[1 + (g % 3)],
            jsonb_build_object('fullName', 'Person ' || g, 'email', 'person' || g || '@example.ae',
                               'phone', '+9715' || lpad(g::text, 8, '0'), 'country', ($4::text[])[1 + (g % 5)]),
            ($3::text[])[1 + (g % 6)],
            case when g % 2 = 0 then 'ar' else 'en' end,
            now() - (g % 86400) * interval '60 seconds'
     from generate_series(0, $1::int - 1) g
     union all
     select gen_random_uuid(), 'demo_booking', jsonb_build_object('fullName', 'Person ' || g, 'email', 'PERSON' || g || '@example.ae'), '/en', 'en', now()
     from generate_series(0, $1::int - 1, 10) g`,
    [LEADS, types, pages, countries],
  );
  await api.db.query("alter table public.form_submissions enable trigger form_submissions_attach_lead");
  await api.db.query(
    `insert into public.leads (person_key, full_name, email, phone, phone_digits, country, locale, source_form_type, source_page_path,
                               form_types, submission_count, created_at, status_changed_at, last_submission_at, last_activity_at)
     select 'email:' || lower(payload ->> 'email'),
            (array_agg(payload ->> 'fullName' order by created_at))[1],
            lower(payload ->> 'email'),
            (array_agg(payload ->> 'phone' order by created_at))[1],
            (array_agg(public.lead_phone_digits(payload) order by created_at))[1],
            (array_agg(payload ->> 'country' order by created_at))[1],
            (array_agg(locale order by created_at desc))[1],
            (array_agg(form_type order by created_at))[1],
            (array_agg(page_path order by created_at))[1],
            array_agg(distinct form_type),
            count(*), min(created_at), min(created_at), max(created_at), max(created_at)
     from public.form_submissions group by lower(payload ->> 'email')`,
  );
  await api.db.query(
    `update public.form_submissions s set lead_id = l.id from public.leads l where l.person_key = 'email:' || lower(s.payload ->> 'email')`,
  );
  await api.db.query(
    `insert into public.lead_events (lead_id, kind, to_value, created_at) select id, 'created', source_form_type, created_at from public.leads`,
  );
  // Some worked: statuses spread over the pipeline.
  await api.db.query(
    `update public.leads set status = (array['contacted','qualified','won','lost','spam'])[1 + (abs(hashtext(id::text)) % 5)]
     where abs(hashtext(id::text)) % 3 = 0`,
  );
  await api.db.query("analyze");
  const count = (await api.db.query<{ n: number }>("select count(*)::int as n from public.leads")).rows[0]!.n;
  console.log(
    `\n  ${count.toLocaleString("en")} leads in ${Math.round((performance.now() - fill) / 1000)} s (start-up and fill ${Math.round((performance.now() - started) / 1000)} s)\n`,
  );

  const supabase = createClient(url, api.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await supabase.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
  if (error) throw error;

  const cases: Array<[string, Partial<LeadQuery>]> = [
    ["default view (all but spam, newest, page 1)", {}],
    ["page 1,000 of the default view", { page: 1000 }],
    ["status = new", { status: "new" }],
    ["overdue only", { overdue: true }],
    ["form = demo booking", { type: "demo_booking" }],
    ["country contains 'qatar'", { country: "qatar" }],
    ["search 'person4242'", { q: "person4242" }],
    ["unassigned, latest activity first", { owner: "none", sort: "activity" }],
    [
      "date range (7 days, Dubai)",
      { from: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) },
    ],
  ];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`${"query".padEnd(46)} ${"median".padStart(8)} ${"max".padStart(8)}  matches`);
  for (const [label, q] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      total = (await listLeadsPage(supabase, { ...defaultLeadQuery, ...q })).total;
      times.push(performance.now() - t);
    }
    console.log(
      `${label.padEnd(46)} ${`${median(times).toFixed(0)} ms`.padStart(8)} ${`${Math.max(...times).toFixed(0)} ms`.padStart(8)}  ${total.toLocaleString("en")}`,
    );
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await loadLeadDashboard(supabase, new Date(Date.now() - 7 * 86_400_000).toISOString());
    times.push(performance.now() - t);
  }
  console.log(
    `${"dashboard figures (this week)".padEnd(46)} ${`${median(times).toFixed(0)} ms`.padStart(8)} ${`${Math.max(...times).toFixed(0)} ms`.padStart(8)}`,
  );
} finally {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
}
