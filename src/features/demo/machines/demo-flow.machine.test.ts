import { describe, expect, it, vi } from "vitest";
import { SimulatedClock, createActor, fromPromise } from "xstate";
import { type UploadResult, demoFlowMachine, isWebLink } from "./demo-flow.machine";
import { advance } from "./simulated-time";

const audio = (name = "call.mp3", type = "audio/mpeg") => new File([new Uint8Array([0xff, 0xfb, 0x90, 0x00])], name, { type });

function start(upload: (file: File) => Promise<UploadResult> = async () => "sent") {
  const clock = new SimulatedClock();
  const notify = {
    notifyUploaded: vi.fn(),
    notifyUploadFailed: vi.fn(),
    notifySubmitted: vi.fn(),
    notifySaved: vi.fn(),
    notifyEmailSent: vi.fn(),
  };
  const uploads: File[] = [];
  const machine = demoFlowMachine.provide({
    actions: notify,
    actors: {
      uploadAudio: fromPromise<UploadResult, { file: File }>(({ input }) => {
        uploads.push(input.file);
        return upload(input.file);
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  const snap = () => actor.getSnapshot();
  const step = () => {
    const v = snap().value;
    return typeof v === "string" ? v : Object.keys(v)[0];
  };
  return { clock, actor, snap, step, notify, uploads, ctx: () => snap().context };
}

/** Lets settled promises (the upload actor) deliver their result. */
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("demo flow machine", () => {
  it("starts at the hero and goes to the options", () => {
    const { actor, step } = start();
    expect(step()).toBe("hero");
    actor.send({ type: "demo.start" });
    expect(step()).toBe("options");
    actor.send({ type: "demo.back" });
    expect(step()).toBe("hero");
  });

  it("ignores events that do not belong to the current step", () => {
    const { actor, step } = start();
    actor.send({ type: "option.dialer" });
    actor.send({ type: "results.submit" });
    actor.send({ type: "email.send" });
    expect(step()).toBe("hero");
    expect(actor.getSnapshot().context.submitted).toBe(false);
  });

  it("dialer branch: a call that runs its course leads to progress, then results", () => {
    const { actor, clock, snap, step, uploads } = start();
    actor.send({ type: "demo.start" });
    actor.send({ type: "option.dialer" });
    expect(step()).toBe("dialer");
    const call = snap().children.call!;
    expect(call.getSnapshot().value).toBe("idle");

    // Enter with nothing typed does nothing.
    call.send({ type: "call.start" });
    expect(call.getSnapshot().value).toBe("idle");

    for (const key of "0501234567") call.send({ type: "key.press", key });
    call.send({ type: "call.start" });
    advance(clock, 11_000);
    expect(call.getSnapshot().value).toBe("ending");
    expect(step()).toBe("dialer");
    advance(clock, 1500);
    expect(step()).toBe("progress");
    expect(snap().matches({ progress: "analysing" })).toBe(true);
    const progress = snap().children.progress!;
    expect(progress.getSnapshot().value).toBe("loading");
    advance(clock, 2500);
    expect(progress.getSnapshot().context.value).toBe(50);
    advance(clock, 2500);
    expect(progress.getSnapshot().value).toBe("complete");
    expect(step()).toBe("progress");
    advance(clock, 500);
    expect(step()).toBe("results");
    expect(uploads).toHaveLength(0); // a call uploads nothing
  });

  it("dialer branch: pressing end while connecting still goes on to progress", () => {
    const { actor, clock, snap, step } = start();
    actor.send({ type: "demo.start" });
    actor.send({ type: "option.dialer" });
    const call = snap().children.call!;
    call.send({ type: "key.press", key: "7" });
    call.send({ type: "call.start" });
    advance(clock, 1200);
    expect(call.getSnapshot().value).toBe("connecting");
    call.send({ type: "call.end" });
    advance(clock, 1500);
    expect(step()).toBe("progress");
  });

  it("leaving the dialer before calling goes back to the options", () => {
    const { actor, step, snap } = start();
    actor.send({ type: "demo.start" });
    actor.send({ type: "option.dialer" });
    actor.send({ type: "demo.back" });
    expect(step()).toBe("options");
    expect(snap().children.call).toBeUndefined();
  });

  it("upload branch: rejects a non-audio file, accepts audio, Next uploads and moves on", async () => {
    const { actor, clock, ctx, step, snap, notify, uploads } = start();
    actor.send({ type: "demo.start" });
    actor.send({ type: "option.upload" });
    expect(step()).toBe("upload");

    actor.send({ type: "file.next" }); // nothing chosen yet
    expect(step()).toBe("upload");

    actor.send({ type: "file.select", file: new File(["hi"], "notes.pdf", { type: "application/pdf" }) });
    expect(ctx().fileRejected).toBe(true);
    expect(ctx().file).toBeNull();
    actor.send({ type: "file.next" });
    expect(step()).toBe("upload");

    const file = audio();
    actor.send({ type: "file.select", file });
    expect(ctx().fileRejected).toBe(false);
    expect(ctx().file).toBe(file);

    actor.send({ type: "file.next" });
    expect(snap().matches({ progress: "uploading" })).toBe(true);
    expect(snap().children.progress!.getSnapshot().value).toBe("indeterminate");
    advance(clock, 3000);
    expect(snap().children.progress!.getSnapshot().value).toBe("indeterminate");
    await flush();
    expect(uploads).toEqual([file]);
    expect(notify.notifyUploaded).toHaveBeenCalledTimes(1);
    expect(notify.notifyUploadFailed).not.toHaveBeenCalled();
    expect(snap().matches({ progress: "analysing" })).toBe(true);
    advance(clock, 5500);
    expect(step()).toBe("results");
  });

  it("upload branch: a webhook that cannot be reached is reported, and the demo carries on", async () => {
    const { actor, clock, step, notify } = start(async () => {
      throw new Error("network");
    });
    actor.send({ type: "demo.start" });
    actor.send({ type: "option.upload" });
    actor.send({ type: "file.select", file: audio("tour.wav", "audio/wav") });
    actor.send({ type: "file.next" });
    await flush();
    expect(notify.notifyUploadFailed).toHaveBeenCalledTimes(1);
    expect(notify.notifyUploaded).not.toHaveBeenCalled();
    advance(clock, 5500);
    expect(step()).toBe("results");
  });

  it("upload branch: a recording kept only locally is reported as such", async () => {
    const { actor, notify } = start(async () => "local");
    actor.send({ type: "demo.start" });
    actor.send({ type: "option.upload" });
    actor.send({ type: "file.select", file: audio("a.m4a", "audio/x-m4a") });
    actor.send({ type: "file.next" });
    await flush();
    expect(notify.notifyUploadFailed).toHaveBeenCalledTimes(1);
  });

  it("upload step: back to the options forgets the file", () => {
    const { actor, step, ctx } = start();
    actor.send({ type: "demo.start" });
    actor.send({ type: "option.upload" });
    actor.send({ type: "file.select", file: audio() });
    actor.send({ type: "demo.back" });
    expect(step()).toBe("options");
    expect(ctx().file).toBeNull();
  });

  async function toResults() {
    const t = start();
    t.actor.send({ type: "demo.start" });
    t.actor.send({ type: "option.upload" });
    t.actor.send({ type: "file.select", file: audio() });
    t.actor.send({ type: "file.next" });
    await flush();
    advance(t.clock, 5500);
    expect(t.step()).toBe("results");
    return t;
  }

  it("results: double-click sets the editing pointer; Send Email only after submitting", async () => {
    const { actor, ctx, step, notify } = await toResults();
    expect(ctx().matches).toEqual(["dubai-marina", "downtown-dubai", "business-bay"]);
    expect(ctx().editing).toBeNull();
    actor.send({ type: "match.pick", index: 1 });
    expect(ctx().editing).toBe(1);
    actor.send({ type: "match.pick", index: 7 });
    expect(ctx().editing).toBe(1);

    actor.send({ type: "results.email" });
    expect(step()).toBe("results");
    actor.send({ type: "results.submit" });
    expect(ctx().submitted).toBe(true);
    expect(notify.notifySubmitted).toHaveBeenCalledTimes(1);
    actor.send({ type: "results.email" });
    expect(step()).toBe("email");
  });

  it("edit: changes are drafts until saved; cancel drops them, save keeps them and notifies", async () => {
    const { actor, ctx, step, notify } = await toResults();
    actor.send({ type: "results.edit" });
    expect(step()).toBe("edit");
    actor.send({ type: "edit.match", index: 0, id: "jvc" });
    actor.send({ type: "edit.phrase", phrase: 3 });
    expect(ctx().draft).toEqual({ matches: ["jvc", "downtown-dubai", "business-bay"], phrase: 3 });
    expect(ctx().matches[0]).toBe("dubai-marina");
    actor.send({ type: "edit.cancel" });
    expect(step()).toBe("results");
    expect(ctx().matches[0]).toBe("dubai-marina");
    expect(ctx().phrase).toBe(0);

    actor.send({ type: "results.edit" });
    expect(ctx().draft).toEqual({ matches: ["dubai-marina", "downtown-dubai", "business-bay"], phrase: 0 });
    actor.send({ type: "edit.match", index: 2, id: "arabian-ranches-2" });
    actor.send({ type: "edit.match", index: 5, id: "jvc" }); // no such row
    actor.send({ type: "edit.phrase", phrase: 9 });
    actor.send({ type: "edit.phrase", phrase: 10 }); // no such phrase
    actor.send({ type: "edit.save" });
    expect(step()).toBe("results");
    expect(notify.notifySaved).toHaveBeenCalledTimes(1);
    expect(ctx().matches).toEqual(["dubai-marina", "downtown-dubai", "arabian-ranches-2"]);
    expect(ctx().phrase).toBe(9);
  });

  it("edit: a listing appears once; choosing one another row shows swaps the two rows", async () => {
    const { actor, ctx } = await toResults();
    actor.send({ type: "results.edit" });
    actor.send({ type: "edit.match", index: 0, id: "business-bay" });
    expect(ctx().draft.matches).toEqual(["business-bay", "downtown-dubai", "dubai-marina"]);
    actor.send({ type: "edit.match", index: 1, id: "business-bay" });
    expect(ctx().draft.matches).toEqual(["downtown-dubai", "business-bay", "dubai-marina"]);
    expect(new Set(ctx().draft.matches).size).toBe(3);
  });

  it("results: back to upload asks for a new recording", async () => {
    const { actor, ctx, step } = await toResults();
    actor.send({ type: "results.upload" });
    expect(step()).toBe("upload");
    expect(ctx().file).toBeNull();
  });

  it("email: links are editable, Send Email notifies and shows success; Back to Dashboard resets everything", async () => {
    const { actor, ctx, step, notify } = await toResults();
    actor.send({ type: "results.edit" });
    actor.send({ type: "edit.phrase", phrase: 4 });
    actor.send({ type: "edit.save" });
    actor.send({ type: "match.pick", index: 2 });
    actor.send({ type: "results.submit" });
    actor.send({ type: "results.email" });
    actor.send({ type: "email.change", field: "callLink", value: "https://example.com/call-me" });
    expect(ctx().email.callLink).toBe("https://example.com/call-me");
    actor.send({ type: "demo.back" });
    expect(step()).toBe("results");
    actor.send({ type: "results.email" });
    actor.send({ type: "email.change", field: "viewingLink", value: "https://example.com/view" });
    actor.send({ type: "email.send" });
    expect(notify.notifyEmailSent).toHaveBeenCalledTimes(1);
    expect(step()).toBe("success");

    actor.send({ type: "demo.restart" });
    expect(step()).toBe("hero");
    const c = ctx();
    expect(c.file).toBeNull();
    expect(c.submitted).toBe(false);
    expect(c.phrase).toBe(0);
    expect(c.editing).toBeNull();
    expect(c.matches).toEqual(["dubai-marina", "downtown-dubai", "business-bay"]);
    expect(c.email.callLink).not.toBe("https://example.com/call-me");
  });

  it("does not send an email with an empty or broken booking link", () => {
    expect(isWebLink("https://meet.example.com/x")).toBe(true);
    expect(isWebLink("")).toBe(false);
    expect(isWebLink("not a link")).toBe(false);
    expect(isWebLink("javascript:alert(1)")).toBe(false);
    expect(isWebLink("https://localhost")).toBe(false);
  });

  it("stays on the email step while a booking link is empty or not a link", async () => {
    const { actor, step, notify } = await toResults();
    actor.send({ type: "results.submit" });
    actor.send({ type: "results.email" });
    actor.send({ type: "email.change", field: "callLink", value: "" });
    actor.send({ type: "email.change", field: "viewingLink", value: "not a link" });
    actor.send({ type: "email.send" });
    expect(step()).toBe("email");
    actor.send({ type: "email.change", field: "callLink", value: "https://example.com/call" });
    actor.send({ type: "email.send" });
    expect(step()).toBe("email");
    actor.send({ type: "email.change", field: "viewingLink", value: "https://example.com/view" });
    actor.send({ type: "email.send" });
    expect(step()).toBe("success");
    expect(notify.notifyEmailSent).toHaveBeenCalledTimes(1);
  });
});
