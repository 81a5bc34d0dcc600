import { ArrowLeft } from "lucide-react";
import { AppLink, type AppLinkProps } from "./app-link";
import { DirectionalIcon } from "./directional-icon";

/** A link back to where the visitor came from ("Back to Blog"); its arrow points back in either direction. */
export function BackLink({ children, ...props }: AppLinkProps) {
  return (
    <AppLink display="inline-flex" alignItems="center" {...props}>
      <DirectionalIcon boxSize="4">
        <ArrowLeft />
      </DirectionalIcon>
      {children}
    </AppLink>
  );
}
