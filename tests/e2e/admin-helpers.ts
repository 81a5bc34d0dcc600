/** Helpers shared by the admin end-to-end tests. */
import { randomUUID } from "node:crypto";
import { deflateSync } from "node:zlib";
import { type Page, expect } from "@playwright/test";
import { E2E_ADMIN } from "./env";
import { anonClient } from "./support";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small, valid PNG (solid teal), made on the spot. */
export function makePng(width = 32, height = 18): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [15, 166, 140]).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Signs in through the login page (English) and waits for the dashboard. */
export async function signIn(page: Page, next = "/en/admin") {
  await page.goto(next === "/en/admin" ? "/en/admin/login" : `/en/admin/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, "\\$&")}$`));
}

/** Sends a sales lead from /contact through submit-form, as a visitor would (a Dubai number). */
export async function submitLead(
  name: string,
  email: string,
  {
    locale = "en",
    company = "",
    isEnterpriseInterested = false,
  }: { locale?: "ar" | "en"; company?: string; isEnterpriseInterested?: boolean } = {},
) {
  const r = await anonClient().functions.invoke("submit-form", {
    body: {
      formType: "sales_lead",
      payload: {
        fullName: name,
        email,
        countryCode: "+971",
        phoneNumber: "501234567",
        phone: "+971501234567",
        country: "UAE",
        city: "Dubai",
        company,
        preferredCallTime: "5-9",
        isEnterpriseInterested,
      },
      path: "/contact",
      locale,
      timeZone: "Asia/Dubai",
      submissionId: randomUUID(),
      website: "",
    },
  });
  expect(r.error).toBeNull();
}
