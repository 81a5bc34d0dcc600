import { assign, fromPromise, sendTo, setup } from "xstate";
import { isAcceptedAudio } from "../content/audio-types";
import { CTA_PHRASES, DEFAULT_MATCHES, type ListingId } from "../content/listings";
import { dialerCallMachine } from "./dialer-call.machine";
import { progressMachine } from "./progress.machine";

export type Matches = [ListingId, ListingId, ListingId];

export interface EmailLinks {
  callLink: string;
  viewingLink: string;
}

/** A link a lead can open: an absolute http(s) URL with a host. */
export function isWebLink(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname.includes(".");
  } catch {
    return false;
  }
}

interface DemoFlowContext {
  /** The recording chosen on the upload step. */
  file: File | null;
  /** The last chosen file was not audio. */
  fileRejected: boolean;
  /** The three matched listings shown in the message. */
  matches: Matches;
  /** Index into CTA_PHRASES of the closing line. */
  phrase: number;
  /** The row last double-clicked in the message (the property to edit first), or null. */
  editing: number | null;
  /** The edit step's unsaved choices. */
  draft: { matches: Matches; phrase: number };
  /** The WhatsApp message was submitted (unlocks Send Email). */
  submitted: boolean;
  /** Links the email carries. */
  email: EmailLinks;
}

export type DemoFlowEvent =
  | { type: "demo.start" }
  | { type: "demo.back" }
  | { type: "option.dialer" }
  | { type: "option.upload" }
  | { type: "file.select"; file: File }
  | { type: "file.next" }
  | { type: "match.pick"; index: number }
  | { type: "results.edit" }
  | { type: "results.submit" }
  | { type: "results.email" }
  | { type: "results.upload" }
  | { type: "edit.match"; index: number; id: ListingId }
  | { type: "edit.phrase"; phrase: number }
  | { type: "edit.save" }
  | { type: "edit.cancel" }
  | { type: "email.change"; field: keyof EmailLinks; value: string }
  | { type: "email.send" }
  | { type: "demo.restart" };

/** How the recording upload went: sent to the processing webhook, or kept without being processed. */
export type UploadResult = "sent" | "local";

export const DEFAULT_EMAIL_LINKS: EmailLinks = {
  callLink: "https://meet.example.com/dubai-property-call",
  viewingLink: "https://www.example.com/viewings/dubai",
};

const initialContext = (): DemoFlowContext => ({
  file: null,
  fileRejected: false,
  matches: [...DEFAULT_MATCHES],
  phrase: 0,
  editing: null,
  draft: { matches: [...DEFAULT_MATCHES], phrase: 0 },
  submitted: false,
  email: { ...DEFAULT_EMAIL_LINKS },
});

/**
 * The demo's steps (docs/product.md#demo): hero → options → dialer or upload → progress → results; results →
 * edit (→ results), email (→ success) or back to upload; success → hero with everything reset.
 *
 * The call and the progress bar are child machines (`call`, `progress`); the upload is the
 * `uploadAudio` actor and the toasts are the `notify*` actions, all supplied by the page with `.provide()`.
 */
export const demoFlowMachine = setup({
  types: {
    context: {} as DemoFlowContext,
    events: {} as DemoFlowEvent,
    children: {} as { call: "dialerCall"; progress: "progress"; upload: "uploadAudio" },
  },
  actors: {
    dialerCall: dialerCallMachine,
    progress: progressMachine,
    uploadAudio: fromPromise<UploadResult, { file: File }>(async () => "local"),
  },
  guards: {
    isAudio: ({ event }) => event.type === "file.select" && isAcceptedAudio(event.file),
    hasFile: ({ context }) => context.file !== null,
    submitted: ({ context }) => context.submitted,
    validRow: ({ event }) => event.type === "match.pick" && event.index >= 0 && event.index < 3,
    linksValid: ({ context }) => isWebLink(context.email.callLink) && isWebLink(context.email.viewingLink),
  },
  actions: {
    acceptFile: assign({
      file: ({ event }) => (event.type === "file.select" ? event.file : null),
      fileRejected: false,
    }),
    rejectFile: assign({ file: null, fileRejected: true }),
    clearFile: assign({ file: null, fileRejected: false }),
    pickRow: assign({ editing: ({ event, context }) => (event.type === "match.pick" ? event.index : context.editing) }),
    openDraft: assign({ draft: ({ context }) => ({ matches: [...context.matches] as Matches, phrase: context.phrase }) }),
    setDraftMatch: assign({
      draft: ({ context, event }) => {
        if (event.type !== "edit.match" || event.index < 0 || event.index > 2) return context.draft;
        const matches = [...context.draft.matches] as Matches;
        // A listing appears once in the message: choosing one that another row shows swaps the two.
        const other = matches.indexOf(event.id);
        if (other !== -1 && other !== event.index) matches[other] = matches[event.index]!;
        matches[event.index] = event.id;
        return { ...context.draft, matches };
      },
    }),
    setDraftPhrase: assign({
      draft: ({ context, event }) =>
        event.type === "edit.phrase" && event.phrase >= 0 && event.phrase < CTA_PHRASES.length
          ? { ...context.draft, phrase: event.phrase }
          : context.draft,
    }),
    saveDraft: assign({
      matches: ({ context }) => [...context.draft.matches] as Matches,
      phrase: ({ context }) => context.draft.phrase,
      editing: null,
    }),
    markSubmitted: assign({ submitted: true }),
    setEmailLink: assign({
      email: ({ context, event }) => (event.type === "email.change" ? { ...context.email, [event.field]: event.value } : context.email),
    }),
    reset: assign(() => initialContext()),
    startProgress: sendTo("progress", { type: "progress.start" }),
    // Side effects: the page supplies them.
    notifyUploaded: () => {},
    notifyUploadFailed: () => {},
    notifySubmitted: () => {},
    notifySaved: () => {},
    notifyEmailSent: () => {},
  },
}).createMachine({
  id: "demoFlow",
  context: initialContext,
  initial: "hero",
  states: {
    hero: {
      on: { "demo.start": "options" },
    },
    options: {
      on: {
        "option.dialer": "dialer",
        "option.upload": "upload",
        "demo.back": "hero",
      },
    },
    dialer: {
      invoke: { id: "call", src: "dialerCall", input: {}, onDone: "progress" },
      on: { "demo.back": "options" },
    },
    upload: {
      on: {
        "file.select": [{ guard: "isAudio", actions: "acceptFile" }, { actions: "rejectFile" }],
        "file.next": { guard: "hasFile", target: "progress" },
        "demo.back": { target: "options", actions: "clearFile" },
      },
    },
    progress: {
      invoke: { id: "progress", src: "progress", onDone: "results" },
      initial: "routing",
      states: {
        routing: {
          always: [{ guard: "hasFile", target: "uploading" }, { target: "analysing" }],
        },
        uploading: {
          invoke: {
            id: "upload",
            src: "uploadAudio",
            input: ({ context }) => ({ file: context.file! }),
            onDone: [
              { guard: ({ event }) => event.output === "sent", target: "analysing", actions: "notifyUploaded" },
              { target: "analysing", actions: "notifyUploadFailed" },
            ],
            onError: { target: "analysing", actions: "notifyUploadFailed" },
          },
        },
        analysing: {
          entry: "startProgress",
        },
      },
    },
    results: {
      on: {
        "match.pick": { guard: "validRow", actions: "pickRow" },
        "results.edit": { target: "edit", actions: "openDraft" },
        "results.submit": { actions: ["markSubmitted", "notifySubmitted"] },
        "results.email": { guard: "submitted", target: "email" },
        "results.upload": { target: "upload", actions: "clearFile" },
      },
    },
    edit: {
      on: {
        "edit.match": { actions: "setDraftMatch" },
        "edit.phrase": { actions: "setDraftPhrase" },
        "edit.save": { target: "results", actions: ["saveDraft", "notifySaved"] },
        "edit.cancel": "results",
      },
    },
    email: {
      on: {
        "email.change": { actions: "setEmailLink" },
        // An email with an empty or broken booking link is not sent (the step shows why).
        "email.send": { guard: "linksValid", target: "success", actions: "notifyEmailSent" },
        "demo.back": "results",
      },
    },
    success: {
      on: { "demo.restart": { target: "hero", actions: "reset" } },
    },
  },
});

export type DemoStep = "hero" | "options" | "dialer" | "upload" | "progress" | "results" | "edit" | "email" | "success";
