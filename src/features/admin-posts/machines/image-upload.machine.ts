/**
 * The hero image field: check the file (image type, under 5 MB; docs/product.md#admin-posts), upload it with progress,
 * keep the public URL, or remove it. The upload itself is provided (`upload` callback actor).
 */
import { type AnyEventObject, assign, fromCallback, setup } from "xstate";
import { imageProblem } from "../schemas/post";

interface ImageUploadContext {
  url: string | null;
  /** 0..1 while uploading. */
  progress: number;
  fileName: string | null;
  problem: ImageProblem | null;
}

/**
 * What is wrong: not an image type we take, too large, the server found the bytes are not an image
 * (a renamed file: retrying will not help), or the upload failed (retrying may).
 */
export type ImageProblem = "type" | "size" | "content" | "upload";

type ImageUploadEvent =
  | { type: "file.select"; file: File }
  | { type: "image.remove" }
  | { type: "image.set"; url: string | null }
  | { type: "upload.cancel" }
  | { type: "upload.progress"; value: number }
  | { type: "upload.done"; url: string }
  | { type: "upload.failed"; message: string; problem?: "content" | "size" };

export interface UploadInput {
  file: File;
}

export const imageUploadMachine = setup({
  types: {
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
    input: {} as { url?: string | null } | undefined,
  },
  actors: {
    /** Sends back upload.progress / upload.done / upload.failed; returns a cancel function. */
    upload: fromCallback<AnyEventObject, UploadInput>(({ sendBack }) => {
      sendBack({ type: "upload.failed", message: 'image upload: the "upload" actor was not provided' });
    }),
  },
  actions: {
    notifyInvalid: (_, _params: { problem: "type" | "size" }) => {},
    notifyUploaded: () => {},
    notifyUploadFailed: () => {},
    /** The URL changed (uploaded or removed): the form field follows. */
    changed: (_, _params: { url: string | null }) => {},
  },
  guards: {
    wrongType: ({ event }) => event.type === "file.select" && imageProblem(event.file) === "type",
    tooLarge: ({ event }) => event.type === "file.select" && imageProblem(event.file) === "size",
  },
}).createMachine({
  id: "imageUpload",
  context: ({ input }) => ({ url: input?.url ?? null, progress: 0, fileName: null, problem: null }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "file.select": [
          {
            guard: "wrongType",
            actions: [assign({ problem: "type" }), { type: "notifyInvalid", params: { problem: "type" } }],
          },
          {
            guard: "tooLarge",
            actions: [assign({ problem: "size" }), { type: "notifyInvalid", params: { problem: "size" } }],
          },
          {
            target: "uploading",
            actions: assign({ fileName: ({ event }) => event.file.name, progress: 0, problem: null }),
          },
        ],
        "image.remove": {
          actions: [assign({ url: null, fileName: null, problem: null }), { type: "changed", params: { url: null } }],
        },
        "image.set": { actions: assign({ url: ({ event }) => event.url, problem: null }) },
      },
    },
    uploading: {
      invoke: {
        src: "upload",
        input: ({ event }) => ({ file: (event as Extract<ImageUploadEvent, { type: "file.select" }>).file }),
      },
      on: {
        "upload.progress": { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(1, event.value)) }) },
        "upload.done": {
          target: "idle",
          actions: [
            assign({ url: ({ event }) => event.url, progress: 1 }),
            { type: "changed", params: ({ event }) => ({ url: event.url }) },
            "notifyUploaded",
          ],
        },
        "upload.failed": {
          target: "idle",
          actions: [assign({ problem: ({ event }) => event.problem ?? "upload", progress: 0 }), "notifyUploadFailed"],
        },
        "upload.cancel": { target: "idle", actions: assign({ progress: 0, fileName: null }) },
      },
    },
  },
});
