import { msg } from "@lingui/core/macro";
import { AgendaContainer } from "@/features/admin-agenda/components/agenda-container";
import { routeMeta } from "../route-meta";
import type { Route } from "./+types/admin-agenda";

export const meta: Route.MetaFunction = (args) => routeMeta(args, { title: msg`Agenda`, description: msg`Administration`, noindex: true });

export default function AdminAgenda() {
  return <AgendaContainer />;
}
