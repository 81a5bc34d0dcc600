import { Outlet } from "react-router";

/** Admin area frame; the session guard lands with the admin issue. */
export default function AdminLayout() {
  return <Outlet />;
}
