/** The booking forms' schemas with messages in the visitor's language (rules: src/lib/forms/schemas.ts). */
import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import {
  type ArticleBookingMessages,
  type DemoBookingMessages,
  type RuleOptions,
  articleBookingFormSchema,
  demoBookingFormSchema,
} from "@/lib/forms/schemas";

export function useDemoBookingMessages(): DemoBookingMessages {
  const { t } = useLingui();
  return {
    fullName: t`Full name is required`,
    email: t`Please enter a valid email address`,
    countryCode: t`Please select a country code`,
    phone: t`Phone number must be at least 7 digits`,
    company: t`Company name is required`,
    country: t`Please select your country`,
    demoDate: t`Please select a demo date`,
    demoTime: t`Please select a preferred time`,
  };
}

export function useArticleBookingMessages(): ArticleBookingMessages {
  const { t } = useLingui();
  return {
    fullName: t`Full name is required`,
    email: t`Please enter a valid email`,
    emailShape: t`Email must contain @ and no spaces`,
    phone: t`Phone number must be exactly 10 digits`,
    company: t`Company name is required`,
    country: t`Please select a country`,
    demoDate: t`Please select a demo date`,
    demoTime: t`Please select a preferred time`,
  };
}

export function useDemoBookingSchema(opts: RuleOptions = {}) {
  const m = useDemoBookingMessages();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => ({ schema: demoBookingFormSchema(m, opts), messages: m }), [m.fullName, opts.now]);
}

export function useArticleBookingSchema(opts: RuleOptions = {}) {
  const m = useArticleBookingMessages();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => ({ schema: articleBookingFormSchema(m, opts), messages: m }), [m.fullName, opts.now]);
}
