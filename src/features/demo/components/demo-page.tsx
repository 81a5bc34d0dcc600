import { Box } from "@chakra-ui/react";
import { usePageNavigation } from "@/components/navigation";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useMachine, useSelector } from "@xstate/react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { fromPromise } from "xstate";
import { useSiteConfig } from "@/lib/site-config-context";
import { uploadAudio } from "../api/upload-audio";
import { type DemoStep, type UploadResult, demoFlowMachine } from "../machines/demo-flow.machine";
import { type DialerCallEvent, callStatusOf } from "../machines/dialer-call.machine";
import type { ProgressStatus } from "../machines/progress.machine";
import { demoToaster, DemoToaster } from "./demo-toaster";
import { DialerStep } from "./dialer-step";
import { EditStep } from "./edit-step";
import { EmailStep } from "./email-step";
import { HeroStep } from "./hero-step";
import { OptionsStep } from "./options-step";
import { ProgressStep } from "./progress-step";
import { ResultsStep } from "./results-step";
import { SuccessStep } from "./success-step";
import { UploadStep } from "./upload-step";

const messages = {
  uploaded: msg`File uploaded successfully`,
  uploadedNote: msg`Your recording is being analysed.`,
  uploadedLocally: msg`File uploaded locally`,
  uploadedLocallyNote: msg`It could not be sent for processing, so the demo continues with sample results.`,
  submitted: msg`WhatsApp message submitted`,
  saved: msg`Changes saved`,
  emailSent: msg`Email sent!`,
};

const stepOf = (value: unknown): DemoStep => (typeof value === "string" ? value : Object.keys(value as object)[0]) as DemoStep;

/**
 * The /demo page: runs the flow machine and shows the step it is in. Side effects (the upload, the
 * toasts) are given to the machine here; the steps only render what they are passed.
 */
export function DemoPage() {
  const { i18n } = useLingui();
  const { audioWebhookUrl } = useSiteConfig();
  const { pathname } = usePageNavigation();

  // The machine is created once; what its effects need is read from here when they run.
  const latest = useRef({ i18n, audioWebhookUrl, pathname });
  latest.current = { i18n, audioWebhookUrl, pathname };
  const toast = (type: "success" | "warning", title: MessageDescriptor, description?: MessageDescriptor) => {
    const { i18n } = latest.current;
    demoToaster.create({ type, title: i18n._(title), description: description ? i18n._(description) : undefined });
  };

  const [machine] = useState(() =>
    demoFlowMachine.provide({
      actors: {
        uploadAudio: fromPromise<UploadResult, { file: File }>(({ input }) =>
          uploadAudio({ file: input.file, webhookUrl: latest.current.audioWebhookUrl, sourcePage: latest.current.pathname }),
        ),
      },
      actions: {
        notifyUploaded: () => toast("success", messages.uploaded, messages.uploadedNote),
        notifyUploadFailed: () => toast("warning", messages.uploadedLocally, messages.uploadedLocallyNote),
        notifySubmitted: () => toast("success", messages.submitted),
        notifySaved: () => toast("success", messages.saved),
        notifyEmailSent: () => toast("success", messages.emailSent),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const step = stepOf(snapshot.value);
  const ctx = snapshot.context;
  const callRef = snapshot.children.call;
  const call = useSelector(callRef, (s) => s);
  const sendCall = useCallback((e: DialerCallEvent) => callRef?.send(e), [callRef]);
  const progress = useSelector(snapshot.children.progress, (s) => s);

  // A new step is a new screen: move focus to its title (the edit step focuses the chosen property itself).
  const container = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    if (step === "edit" && ctx.editing !== null) return;
    container.current?.querySelector<HTMLElement>("h1")?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the step changes
  }, [step]);

  let view: ReactNode;
  switch (step) {
    case "hero":
      view = <HeroStep send={send} />;
      break;
    case "options":
      view = <OptionsStep send={send} />;
      break;
    case "dialer":
      view = call ? (
        <DialerStep
          call={{ status: callStatusOf(call.value), number: call.context.number, elapsed: call.context.elapsed }}
          send={sendCall}
          onBack={() => send({ type: "demo.back" })}
        />
      ) : null;
      break;
    case "upload":
      view = <UploadStep fileName={ctx.file?.name ?? null} rejected={ctx.fileRejected} send={send} />;
      break;
    case "progress":
      view = <ProgressStep status={progress ? (progress.value as ProgressStatus) : "indeterminate"} value={progress?.context.value ?? 0} />;
      break;
    case "results":
      view = <ResultsStep matches={ctx.matches} phrase={ctx.phrase} editing={ctx.editing} submitted={ctx.submitted} send={send} />;
      break;
    case "edit":
      view = <EditStep draft={ctx.draft} editing={ctx.editing} send={send} />;
      break;
    case "email":
      view = <EmailStep matches={ctx.matches} phrase={ctx.phrase} email={ctx.email} send={send} />;
      break;
    case "success":
      view = <SuccessStep send={send} />;
      break;
  }

  return (
    <Box ref={container} data-demo-step={step}>
      {view}
      <DemoToaster />
    </Box>
  );
}
