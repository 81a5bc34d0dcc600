import { forwardRef } from "react";
import { AppLink, type AppLinkProps } from "./app-link";

interface BookDemoLinkProps extends Omit<AppLinkProps, "to" | "role" | "onClick"> {
  /** Opens the demo-booking dialog. */
  onOpen?: () => void;
}

/**
 * "Book a demo": a link to the booking page, which works without JavaScript; with it, the click opens
 * the dialog instead (so it is named a button, and marked for the deferred boot: src/app/hydration-marks.ts).
 */
export const BookDemoLink = forwardRef<HTMLAnchorElement, BookDemoLinkProps>(function BookDemoLink({ onOpen, ...rest }, ref) {
  return (
    <AppLink
      ref={ref}
      to="/book"
      role="button"
      data-js-action="demo"
      onClick={(e) => {
        e.preventDefault();
        onOpen?.();
      }}
      {...rest}
    />
  );
});
