import { describe, expect, it, vi } from "vitest";
import { type AnyEventObject, createActor, fromCallback } from "xstate";
import { IMAGE_MAX_BYTES } from "../schemas/post";
import { type UploadInput, imageUploadMachine } from "./image-upload.machine";

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

function setup(behaviour: "succeed" | "fail" | "refused" | "hang" = "succeed") {
  const calls = { invalid: [] as string[], uploaded: 0, failed: 0, changed: [] as (string | null)[], cancelled: 0 };
  let progress: ((v: number) => void) | null = null;
  let finish: (() => void) | null = null;
  const machine = imageUploadMachine.provide({
    actors: {
      upload: fromCallback<AnyEventObject, UploadInput>(({ sendBack, input }) => {
        progress = (value) => sendBack({ type: "upload.progress", value });
        finish = () =>
          behaviour === "fail"
            ? sendBack({ type: "upload.failed", message: "boom" })
            : behaviour === "refused"
              ? sendBack({ type: "upload.failed", message: "not an image", problem: "content" })
              : sendBack({ type: "upload.done", url: `https://cdn.test/${input.file.name}` });
        return () => void calls.cancelled++;
      }),
    },
    actions: {
      notifyInvalid: (_, p) => void calls.invalid.push(p.problem),
      notifyUploaded: () => void calls.uploaded++,
      notifyUploadFailed: () => void calls.failed++,
      changed: (_, p) => void calls.changed.push(p.url),
    },
  });
  const actor = createActor(machine, { input: { url: null } }).start();
  return { actor, calls, progress: (v: number) => progress?.(v), finish: () => finish?.() };
}

describe("image upload machine", () => {
  it("rejects non-images and files of 5 MB or more before uploading", () => {
    const { actor, calls } = setup();
    actor.send({ type: "file.select", file: file("notes.pdf", "application/pdf") });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.problem).toBe("type");
    actor.send({ type: "file.select", file: file("drawing.svg", "image/svg+xml") });
    expect(actor.getSnapshot().context.problem).toBe("type");
    actor.send({ type: "file.select", file: file("huge.png", "image/png", IMAGE_MAX_BYTES) });
    expect(actor.getSnapshot().context.problem).toBe("size");
    expect(calls.invalid).toEqual(["type", "type", "size"]);
  });

  it("uploads with progress, then keeps the public URL", () => {
    const { actor, calls, progress, finish } = setup();
    actor.send({ type: "file.select", file: file("hero.png", "image/png") });
    expect(actor.getSnapshot().value).toBe("uploading");
    progress(0.4);
    expect(actor.getSnapshot().context.progress).toBe(0.4);
    finish();
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.url).toBe("https://cdn.test/hero.png");
    expect(calls.uploaded).toBe(1);
    expect(calls.changed).toEqual(["https://cdn.test/hero.png"]);

    actor.send({ type: "image.remove" });
    expect(actor.getSnapshot().context.url).toBeNull();
    expect(calls.changed).toEqual(["https://cdn.test/hero.png", null]);
  });

  it("reports a failed upload and keeps the previous image", () => {
    const { actor, calls, finish } = setup("fail");
    actor.send({ type: "image.set", url: "https://cdn.test/old.png" });
    actor.send({ type: "file.select", file: file("hero.png", "image/png") });
    finish();
    expect(actor.getSnapshot().context).toMatchObject({ url: "https://cdn.test/old.png", problem: "upload" });
    expect(calls.failed).toBe(1);
  });

  it("a file the server finds is not an image is said so, not 'try again'", () => {
    const { actor, finish } = setup("refused");
    actor.send({ type: "file.select", file: file("notes.jpg", "image/jpeg") });
    finish();
    expect(actor.getSnapshot().context.problem).toBe("content");
  });

  it("cancels an upload in flight", () => {
    const { actor, calls } = setup("hang");
    actor.send({ type: "file.select", file: file("hero.png", "image/png") });
    actor.send({ type: "upload.cancel" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(calls.cancelled).toBe(1);
    vi.restoreAllMocks();
  });
});
