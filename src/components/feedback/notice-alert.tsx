import { Alert, type AlertRootProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface NoticeAlertProps extends Omit<AlertRootProps, "title"> {
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
}

/** A notice on an admin screen (done, waiting, failed): its icon and title, and a line under it if given. */
export function NoticeAlert({ title, description, ...props }: NoticeAlertProps) {
  return (
    <Alert.Root {...props}>
      <Alert.Indicator />
      {description ? (
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
      ) : (
        <Alert.Title>{title}</Alert.Title>
      )}
    </Alert.Root>
  );
}
