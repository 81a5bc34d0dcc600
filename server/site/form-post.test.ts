// @vitest-environment node
/**
 * The page POST of a visitor form without JavaScript (server/site/form-post.ts): bad input is refused before
 * anything is stored, the rules and their messages are the form's own in the page's language, a stored
 * submission redirects with no personal data, and posts count against submit-form's rate limit.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FormEcho } from "../../src/lib/forms/visitor-forms.ts";
import { formPostHandler } from "./form-post.ts";
import { RateLimiter } from "../api/rate-limit.ts";

let base = "";
let close: () => Promise<void>;
let submitted: Record<string, unknown>[] = [];
let answer: () => Response = () => Response.json({ id: "x", status: "stored" }, { status: 201 });
let limiter = new RateLimiter({ limit: 100, windowSeconds: 60 });
const quiet = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  const app = express();
  app.post(
    "/{*splat}",
    formPostHandler({
      // The page's render, reduced to the echo it would show.
      render: async (_req, res, echo: FormEcho, status, headers) => {
        res.status(status).set(headers).json(echo);
      },
      submit: async (envelope) => {
        submitted.push(envelope);
        return answer();
      },
      rateLimit: (key) => limiter.hit(key),
      now: () => new Date("2026-11-25T08:00:00Z"),
      log: quiet,
    }),
  );
  app.use((_req, res) => void res.status(404).send("next"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((r) => server.close(() => r()));
});
afterAll(() => close());
beforeEach(() => {
  submitted = [];
  answer = () => Response.json({ id: "x", status: "stored" }, { status: 201 });
  limiter = new RateLimiter({ limit: 100, windowSeconds: 60 });
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (path: string, body: BodyInit, type = "application/x-www-form-urlencoded") =>
  fetch(`${base}${path}`, { method: "POST", headers: { "content-type": type }, body, redirect: "manual" });

const lead = {
  _form: "sales_lead",
  fullName: "Mona Haddad",
  email: "mona@example.com",
  "countryCode-option": "+971",
  phoneNumber: "050 123 4567",
  country: "UAE",
  callTime: "9-5",
  marketingConsent: "on",
  website: "",
  submissionId: "",
  locale: "en",
};

describe("bad input", () => {
  it("refuses another content type with 415, storing nothing", async () => {
    const res = await post("/en/contact", JSON.stringify(lead), "application/json");
    expect(res.status).toBe(415);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const multipart = new FormData();
    multipart.set("_form", "sales_lead");
    expect((await fetch(`${base}/en/contact`, { method: "POST", body: multipart })).status).toBe(415);
    expect((await post("/en/contact", form(lead), "application/x-www-form-urlencoded; charset=latin1")).status).toBe(415);
    expect(submitted).toEqual([]);
  });

  it("refuses a body over submit-form's 32 KB with 413", async () => {
    const res = await post("/en/contact", form({ ...lead, company: "x".repeat(33 * 1024) }));
    expect(res.status).toBe(413);
    expect(submitted).toEqual([]);
  });

  it("refuses garbage, an unknown form, too many fields and bytes that are not UTF-8 with 400", async () => {
    expect((await post("/en/contact", "%%%garbage")).status).toBe(400);
    expect((await post("/en/contact", form({ ...lead, _form: "leads" }))).status).toBe(400);
    const many = new URLSearchParams(lead);
    for (let i = 0; i < 100; i++) many.append(`x${i}`, "1");
    expect((await post("/en/contact", many.toString())).status).toBe(400);
    expect((await post("/en/contact", Buffer.from([0x5f, 0x66, 0x6f, 0x72, 0x6d, 0x3d, 0xff]))).status).toBe(400);
    expect((await post("/en/contact", form({ ...lead, fullName: "a\u0000b" }))).status).toBe(400);
    expect(submitted).toEqual([]);
  });

  it("leaves the admin area to the router", async () => {
    expect(await (await post("/en/admin/leads", form(lead))).text()).toBe("next");
  });
});

describe("a valid post", () => {
  it("stores through submit-form with the form's own payload, then redirects with the form's key only", async () => {
    const res = await post("/en/contact", form(lead));
    expect(res.status).toBe(303);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const location = res.headers.get("location")!;
    expect(location).toBe("/en/contact?sent=sales_lead#sales-lead-thanks");
    expect(location).not.toMatch(/mona|haddad|123/i);
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({
      formType: "sales_lead",
      path: "/en/contact",
      locale: "en",
      website: "",
      payload: {
        fullName: "Mona Haddad",
        email: "mona@example.com",
        countryCode: "+971",
        phone: "+971501234567",
        preferredCallTime: "9-5",
        consent: { marketing: true },
      },
    });
    expect(submitted[0]!.submissionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("takes the first filled value of a name (the calendar's empty input, then its no-script stand-in) and a region's dial code", async () => {
    const body = new URLSearchParams({
      _form: "demo_booking",
      fullName: "Sam Lee",
      email: "sam@example.com",
      "countryCode-option": "CA",
      phone: "4165550123",
    });
    body.append("demoDate", "");
    body.append("demoDate", "2026-11-30");
    body.append("demoTime", "10:00");
    const res = await post("/book", body.toString());
    expect(res.status).toBe(303);
    expect(submitted[0]).toMatchObject({
      formType: "demo_booking",
      locale: "ar",
      payload: { phone: "+14165550123", demoDate: "2026-11-30" },
    });
  });

  it("keeps the honeypot for submit-form to drop", async () => {
    await post("/en/contact", form({ ...lead, website: "https://spam.example" }));
    expect(submitted[0]!.website).toBe("https://spam.example");
  });
});

describe("an invalid post", () => {
  it("renders the page again (422) with the values and the form's messages in the page's language", async () => {
    const res = await post("/contact", form({ ...lead, email: "not-an-email", phoneNumber: "12", submissionId: "" }));
    expect(res.status).toBe(422);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const echo = (await res.json()) as FormEcho;
    expect(echo.form).toBe("sales_lead");
    expect(echo.values).toMatchObject({ fullName: "Mona Haddad", email: "not-an-email", marketingConsent: true });
    expect(echo.errors?.email).toMatch(/[\u0600-\u06ff]/);
    expect(echo.errors?.phoneNumber).toMatch(/[\u0600-\u06ff]/);
    expect(echo.submissionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(submitted).toEqual([]);
  });

  it("puts submit-form's field errors back on the form's fields, and a taken slot on the time", async () => {
    answer = () => Response.json({ error: "invalid_input", fields: { "payload.preferredCallTime": "x" } }, { status: 400 });
    const rejected = (await (await post("/en/contact", form(lead))).json()) as FormEcho;
    expect(rejected.errors).toEqual({ callTime: "Please select a preferred call time" });

    answer = () => Response.json({ error: "slot_taken" }, { status: 409 });
    const body = form({
      _form: "demo_booking",
      fullName: "Sam Lee",
      email: "s@example.com",
      "countryCode-option": "AE",
      phone: "501234567",
      demoDate: "2026-11-30",
      demoTime: "10:00",
    });
    const taken = await post("/en/book", body);
    expect(taken.status).toBe(409);
    const echo = (await taken.json()) as FormEcho;
    expect(echo.errors).toEqual({ demoTime: "This time is no longer available. Please choose another one." });
    expect(echo.values?.demoTime).toBe("");
  });
});

describe("the rate limit", () => {
  it("counts invalid posts like submissions and answers 429 with Retry-After", async () => {
    limiter = new RateLimiter({ limit: 2, windowSeconds: 60 });
    const bad = form({ _form: "newsletter", email: "nope" });
    expect((await post("/en", bad)).status).toBe(422);
    expect((await post("/en", bad)).status).toBe(422);
    const limited = await post("/en", bad);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as FormEcho).errors?.email).toBe("Too many submissions. Please wait a few minutes and try again.");
  });

  it("passes on submit-form's own 429", async () => {
    answer = () => Response.json({ error: "rate_limited", retryAfter: 42 }, { status: 429, headers: { "Retry-After": "42" } });
    const res = await post("/en/contact", form(lead));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("42");
  });
});
