import { chakra } from "@chakra-ui/react";
import { Fragment } from "react";

/**
 * An email address that wraps where people expect: after the "@" and after a dot of the domain, never in
 * the middle of a word (a single part longer than the line is the only thing broken anywhere, as a last
 * resort). Isolated left to right, so an Arabic screen shows it in order; the whole address is the title.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at + 1) : email;
  const domain = at > 0 ? email.slice(at + 1).split(/(?<=\.)/) : [];
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
