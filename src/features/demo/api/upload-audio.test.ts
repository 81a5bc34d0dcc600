import { describe, expect, it, vi } from "vitest";
import { LOCAL_AUDIO_ENDPOINT, uploadAudio } from "./upload-audio";

const file = new File([new Uint8Array([0xff, 0xfb])], "call.mp3", { type: "audio/mpeg" });
const now = () => new Date("2026-11-22T03:00:00.000Z");

describe("uploadAudio", () => {
  it("posts to the webhook in no-cors mode with the three fields", async () => {
    const f = vi.fn(async () => new Response(null, { status: 200 }));
    await expect(uploadAudio({ file, webhookUrl: "https://hooks.example.com/audio", sourcePage: "/en/demo", fetch: f, now })).resolves.toBe(
      "sent",
    );
    const [url, init] = f.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://hooks.example.com/audio");
    expect(init.mode).toBe("no-cors");
    expect(init.method).toBe("POST");
    const body = init.body as FormData;
    expect((body.get("audio") as File).name).toBe("call.mp3");
    expect(body.get("timestamp")).toBe("2026-11-22T03:00:00.000Z");
    expect(body.get("source_page")).toBe("/en/demo");
  });

  it("reports a webhook it could not reach", async () => {
    const f = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(uploadAudio({ file, webhookUrl: "https://hooks.example.com/audio", sourcePage: "/demo", fetch: f })).resolves.toBe(
      "local",
    );
  });

  it("uses the local endpoint without a webhook and checks its answer", async () => {
    const ok = vi.fn(async () => new Response("{}", { status: 201 }));
    await expect(uploadAudio({ file, webhookUrl: null, sourcePage: "/demo", fetch: ok })).resolves.toBe("sent");
    const [url, init] = ok.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(LOCAL_AUDIO_ENDPOINT);
    expect(init.mode).toBeUndefined();
    const refused = vi.fn(async () => new Response("{}", { status: 415 }));
    await expect(uploadAudio({ file, webhookUrl: null, sourcePage: "/demo", fetch: refused })).resolves.toBe("local");
  });
});
