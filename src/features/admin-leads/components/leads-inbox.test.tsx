/**
 * The inbox keeps the chosen bulk action while the list reloads: a search that lands after the action was
 * chosen hides the bulk bar for the load, and the action must still be there when it comes back.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/components/providers/app-providers";
import { defaultLeadQuery } from "../lib/pipeline";
import { sampleLead } from "../lib/sample-lead.test-support";
import type { LeadsBulk } from "./leads-bulk-bar";
import { LeadsInbox } from "./leads-inbox";

const samplePeople = [sampleLead(), sampleLead({ id: "lead-2", full_name: "Layla", email: "layla@x.ae" })];

const bulk = (onApply: LeadsBulk["onApply"]): LeadsBulk => ({
  selected: [samplePeople[0]!.id, samplePeople[1]!.id],
  saving: false,
  result: null,
  error: null,
  onToggle: vi.fn(),
  onTogglePage: vi.fn(),
  onApply,
  onClear: vi.fn(),
});

function Inbox({ status, onApply }: { status: "loading" | "ready"; onApply: LeadsBulk["onApply"] }) {
  return (
    <AppProviders locale="en">
      <LeadsInbox
        status={status}
        leads={status === "ready" ? samplePeople : []}
        paging={{ total: samplePeople.length, page: 1, pageCount: 1, pageSize: 50, hrefFor: () => "/admin/leads", onPageChange: () => {} }}
        filtered={false}
        query={defaultLeadQuery}
        owners={[]}
        onQueryChange={() => {}}
        onSearchChange={() => {}}
        onOpen={() => {}}
        onExport={() => {}}
        bulk={bulk(onApply)}
      />
    </AppProviders>
  );
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the leads inbox's bulk action", () => {
  it("is still chosen after the list reloads, and applies", async () => {
    const onApply = vi.fn();
    const view = render(<Inbox status="ready" onApply={onApply} />);
    fireEvent.change(screen.getByLabelText("Action for the selected leads"), { target: { value: "status:qualified" } });
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Apply to selected" }).disabled).toBe(false);

    view.rerender(<Inbox status="loading" onApply={onApply} />);
    expect(screen.queryByLabelText("Action for the selected leads")).toBeNull();
    view.rerender(<Inbox status="ready" onApply={onApply} />);

    expect(screen.getByLabelText<HTMLSelectElement>("Action for the selected leads").value).toBe("status:qualified");
    const apply = screen.getByRole<HTMLButtonElement>("button", { name: "Apply to selected" });
    expect(apply.disabled).toBe(false);
    await act(async () => fireEvent.click(apply));
    expect(onApply).toHaveBeenCalledWith({ kind: "status", status: "qualified" });
  });
});
