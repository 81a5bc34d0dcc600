import { chakra } from "@chakra-ui/react";
import { Fragment } from "react";

/**
 * An email address that wraps where people expect: after the "@" and after a dot of the domain (not before its last label), never in
 * the middle of a word (a single part longer than the line is the only thing broken anywhere, as a last
 * resort). Isolated left to right, so an Arabic screen shows it in order; the whole address is the title.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at + 1) : email;
  // The domain's labels; the last two stay together ("example.ca"), so a line never starts with "ca".
  const labels = at > 0 ? email.slice(at + 1).split(/(?<=\.)/) : [];
  const domain = labels.length > 1 ? [...labels.slice(0, -2), labels.slice(-2).join("")] : labels;
  return (
    <chakra.bdi dir="ltr" title={email} css={{ overflowWrap: "anywhere", wordBreak: "normal" }} data-testid="email-text">
      {local}
      {domain.map((part, i) => (
        <Fragment key={i}>
          <wbr />
          {part}
        </Fragment>
      ))}
    </chakra.bdi>
  );
}
