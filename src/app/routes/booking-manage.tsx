import { msg } from "@lingui/core/macro";
import { type ManageAnswer, getManagedBooking } from "@/features/booking/api/manage-booking";
import { island } from "../islands/island";
import { routeMeta } from "../route-meta";
import { serverSupabase } from "../supabase.server";
import type { Route } from "./+types/booking-manage";

const BookingManage = island("booking-manage", { when: "idle" });

/**
 * The visitor's link from their booking emails (docs/markets.md): /booking/:token and /en/booking/:token.
 * Private: never cached, never indexed; the page shows the demo's time and nothing personal.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.token ?? "";
  const answer = await getManagedBooking(serverSupabase(context.server), token).catch((): ManageAnswer => ({ state: "error" }));
  return { state: answer.state, booking: answer.booking, market: answer.market, token };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, { title: msg`Your demo`, description: msg`Change or cancel your demo.`, noindex: true });

export default function BookingManagePage({ loaderData }: Route.ComponentProps) {
  const { token, state, booking, market } = loaderData;
  return <BookingManage token={token} state={state} booking={booking} market={market} />;
}
