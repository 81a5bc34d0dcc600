import { Button, type ButtonProps } from "@chakra-ui/react";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { DirectionalIcon } from "@/components/directional-icon";

/** A quiet "back" control, its arrow mirrored in Arabic. */
export function BackButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  return (
    <Button variant="ghost" colorPalette="brand" size="sm" alignSelf="start" {...props}>
      <DirectionalIcon>
        <ArrowLeft />
      </DirectionalIcon>
      {children}
    </Button>
  );
}
