import { type ReactNode, Suspense, createContext, lazy, useCallback, useContext, useMemo, useState } from "react";

const loadDialog = () => import("./demo-booking-dialog");
const DemoBookingDialog = lazy(loadDialog);

interface DemoDialogValue {
  /** Opens the demo booking dialog. */
  open: () => void;
  /** Starts loading the dialog's code (on hover or focus of a control that opens it). */
  preload: () => void;
}

const DemoDialogContext = createContext<DemoDialogValue | null>(null);

/**
 * Hosts the demo booking dialog for a page tree. The dialog's code (form, date picker) is loaded the
 * first time it is needed, so pages do not carry it in their initial JavaScript; nothing of it renders
 * on the server.
 */
export function DemoDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const open = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  const preload = useCallback(() => void loadDialog(), []);
  const value = useMemo(() => ({ open, preload }), [open, preload]);
  return (
    <DemoDialogContext.Provider value={value}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <DemoBookingDialog open={isOpen} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </DemoDialogContext.Provider>
  );
}

export function useDemoDialog(): DemoDialogValue {
  const v = useContext(DemoDialogContext);
  if (!v) throw new Error("useDemoDialog must be used within a DemoDialogProvider");
  return v;
}
