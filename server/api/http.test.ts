// @vitest-environment node
import express from "express";
import { describe, expect, it } from "vitest";
import {
  AUTH_ERRORS,
  HttpError,
  functionErrors,
  handler,
  pgErrorToHttp,
  pgStatus,
  principal,
  readJsonObject,
  verifyCredentials,
} from "./http.ts";
import { signJwt } from "./jwt.ts";
import { harness, manualClock } from "./testing.ts";

const SECRET = "a-test-secret-that-is-at-least-32-characters";

describe("pgStatus", () => {
  it("maps SQLSTATEs as PostgREST does, never to 503", () => {
    expect(pgStatus("42501", "anon")).toBe(401);
    expect(pgStatus("42501", "authenticated")).toBe(403);
    expect(pgStatus("23505", "anon")).toBe(409);
    expect(pgStatus("PT409", "authenticated")).toBe(409);
    expect(pgStatus("PT503", "authenticated")).toBe(400);
    expect(pgStatus("23503", "anon")).toBe(409);
    expect(pgStatus("P0001", "anon")).toBe(400);
    expect(pgStatus("22P02", "anon")).toBe(400);
    expect(pgStatus("42P01", "anon")).toBe(404);
    expect(pgStatus("54000", "anon")).toBe(413);
    expect(pgStatus("57014", "anon")).toBe(500);
    expect(pgStatus("28000", "anon")).toBe(403);
    for (const code of ["08006", "53300", "40001", "XX000"]) expect(pgStatus(code, "anon")).not.toBe(503);
  });
  it("pgErrorToHttp: a database error in PostgREST's shape, anything else null", () => {
    const e = Object.assign(new Error("duplicate key"), { code: "23505", detail: "Key (id)=(1) already exists." });
    const mapped = pgErrorToHttp(e, "anon")!;
    expect(mapped.status).toBe(409);
    expect(mapped.body).toEqual({ code: "23505", details: "Key (id)=(1) already exists.", hint: null, message: "duplicate key" });
    expect(pgErrorToHttp(new Error("Invalid input for boolean type"), "anon")!.body).toMatchObject({ code: "22P02" });
    expect(pgErrorToHttp(new Error("boom"), "anon")).toBeNull();
  });
});

describe("readJsonObject and handler", () => {
  const errors: unknown[] = [];
  const router = express.Router();
  router.post(
    "/auth",
    handler(
      AUTH_ERRORS,
      (e) => errors.push(e),
      async (req, res) => {
        res.json(await readJsonObject(req, 64, AUTH_ERRORS));
      },
    ),
  );
  const teamErrors = functionErrors("The invitation could not be sent");
  router.post(
    "/fn",
    handler(
      teamErrors,
      (e) => errors.push(e),
      async (req, res) => {
        res.json(await readJsonObject(req, 64, teamErrors));
      },
    ),
  );
  router.post(
    "/crash",
    handler(
      AUTH_ERRORS,
      (e) => errors.push(e),
      async () => {
        throw new Error("secret detail");
      },
    ),
  );
  router.post(
    "/teapot",
    handler(
      AUTH_ERRORS,
      (e) => errors.push(e),
      async () => {
        throw new HttpError(418, { code: "teapot", message: "short and stout" }, { "Retry-After": "3" });
      },
    ),
  );
  const send = harness("/", router);

  it("reads an object (an empty body is {})", async () => {
    expect(await send("POST", "/auth", { body: { a: 1 } })).toMatchObject({ status: 200, body: { a: 1 } });
    expect(await send("POST", "/auth", { body: "" })).toMatchObject({ status: 200, body: {} });
  });
  it("answers each family's shape for too large, not JSON, not an object, and bad text", async () => {
    expect(await send("POST", "/auth", { body: { a: "x".repeat(100) } })).toMatchObject({
      status: 413,
      body: { code: "request_too_large" },
    });
    expect(await send("POST", "/auth", { body: "{" })).toMatchObject({ status: 400, body: { code: "bad_json" } });
    expect(await send("POST", "/auth", { body: "[1]" })).toMatchObject({
      status: 400,
      body: { code: "bad_json", message: "Could not parse request body as JSON: expected an object" },
    });
    expect(await send("POST", "/auth", { body: '{"email":"a\\u0000"}' })).toMatchObject({
      status: 400,
      body: { code: "validation_failed" },
    });
    expect(await send("POST", "/fn", { body: { a: "x".repeat(100) } })).toEqual(
      expect.objectContaining({ status: 413, body: { error: "payload_too_large", message: "The request is larger than 64 bytes" } }),
    );
    expect(await send("POST", "/fn", { body: "nope" })).toMatchObject({
      status: 400,
      body: { error: "invalid_input", message: "The body must be a JSON object" },
    });
    expect(await send("POST", "/fn", { body: '{"a":"\\ud800"}' })).toMatchObject({
      status: 400,
      body: { error: "invalid_input", message: "The body contains invalid text" },
    });
  });
  it("answers an HttpError as it is and anything else as the family's 500, logged, without its detail", async () => {
    const teapot = await send("POST", "/teapot");
    expect(teapot).toMatchObject({ status: 418, body: { code: "teapot", message: "short and stout" } });
    expect(teapot.headers["retry-after"]).toBe("3");
    const before = errors.length;
    const crash = await send("POST", "/crash");
    expect(crash).toMatchObject({ status: 500, body: { code: "unexpected_failure" } });
    expect(JSON.stringify(crash.body)).not.toContain("secret detail");
    expect(errors.length).toBe(before + 1);
  });
});

describe("principal", () => {
  const clock = manualClock();
  const t = Math.floor(clock.now().getTime() / 1000);
  const router = express.Router();
  for (const style of ["rest", "storage", "functions"] as const) {
    router.get(`/${style}`, (req, res) => {
      try {
        const p = principal(req, SECRET, style);
        res.json({ role: p.role, sub: p.claims.sub ?? null });
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        res.status(e.status).set(e.headers).json(e.body);
      }
    });
  }
  const send = harness("/", router, [verifyCredentials(SECRET, clock.now)]);
  const anon = signJwt({ role: "anon" }, SECRET);
  const user = (claims: object) => signJwt({ role: "authenticated", sub: "u1", ...claims }, SECRET);
  const as = (token: string, key = anon) => ({ headers: { apikey: key, authorization: `Bearer ${token}` } });

  it("takes the role from the bearer token, else from the key", async () => {
    expect((await send("GET", "/rest", { headers: { apikey: anon } })).body).toEqual({ role: "anon", sub: null });
    expect((await send("GET", "/rest", as(user({})))).body).toEqual({ role: "authenticated", sub: "u1" });
    expect((await send("GET", "/rest?apikey=" + anon)).body).toEqual({ role: "anon", sub: null });
  });
  it("needs a key, and one signed with the secret", async () => {
    expect(await send("GET", "/rest")).toMatchObject({ status: 401, body: { message: "No API key found in request" } });
    expect(await send("GET", "/rest", { headers: { apikey: signJwt({ role: "anon" }, `${SECRET}!`) } })).toMatchObject({
      status: 401,
      body: { message: "Invalid API key" },
    });
  });
  it("answers an expired, a not-yet-valid and a forged token in each service's shape, on the API clock", async () => {
    const expired = user({ exp: t });
    expect(await send("GET", "/rest", as(expired))).toMatchObject({ status: 401, body: { code: "PGRST303", message: "JWT expired" } });
    expect(await send("GET", "/storage", as(expired))).toMatchObject({
      status: 403,
      body: { statusCode: "403", error: "Unauthorized", message: "jwt expired" },
    });
    expect(await send("GET", "/functions", as(expired))).toMatchObject({ status: 401, body: { code: 401, message: "Invalid JWT" } });

    const early = user({ nbf: t + 3600 });
    const rest = await send("GET", "/rest", as(early));
    expect(rest).toMatchObject({ status: 401, body: { code: "PGRST303", message: "JWT not yet valid" } });
    expect(rest.headers["www-authenticate"]).toBe('Bearer error="invalid_token", error_description="JWT not yet valid"');
    expect(await send("GET", "/storage", as(early))).toMatchObject({ status: 403, body: { message: "jwt not active" } });
    clock.advance(3600_000);
    expect((await send("GET", "/rest", as(early))).body).toEqual({ role: "authenticated", sub: "u1" });

    const forged = signJwt({ role: "service_role" }, `${SECRET}!`);
    expect(await send("GET", "/rest", as(forged))).toMatchObject({
      status: 401,
      body: { code: "PGRST301", message: "JWSError JWSInvalidSignature" },
    });
    expect(await send("GET", "/storage", as(forged))).toMatchObject({ status: 403, body: { message: "invalid signature" } });
  });
  it("refuses roles that are not API roles", async () => {
    const superuser = signJwt({ role: "postgres" }, SECRET);
    expect(await send("GET", "/rest", as(superuser))).toMatchObject({
      status: 401,
      body: { code: "PGRST301", message: 'role "postgres" does not exist' },
    });
    expect(await send("GET", "/storage", as(superuser))).toMatchObject({
      status: 403,
      body: { message: 'role "postgres" does not exist' },
    });
  });
  it("is an internal error when the credentials were not verified first", async () => {
    const unverified = harness("/", router);
    expect((await unverified("GET", "/rest", { headers: { apikey: anon } })).status).toBe(500);
  });
});
