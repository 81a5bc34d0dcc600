import { expect, test } from "@playwright/test";
import { signIn, submitLead as submitOneLead } from "./admin-helpers";
import { expectNoAxeViolations, serviceClient, watchConsole } from "./support";

const submitLead = (name: string, email: string) => submitOneLead(name, email, { company: "Bulk Realty" });

const LABELS = {
  en: {
    prefix: "/en",
    selectPage: "Select every lead on this page",
    action: "Action for the selected leads",
    apply: "Apply to selected",
    selected2: "2 leads selected",
    changed2: "2 leads changed",
    qualified: "Qualified",
    saveFilters: "Save these filters",
    viewName: "View name",
    saveView: "Save view",
    views: "Saved views",
    open: "Open lead",
    note: "Add a note",
    add: "Add note",
    edit: "Edit note",
    noteText: "Note text",
    saveNote: "Save note",
  },
  ar: {
    prefix: "",
    selectPage: "تحديد كل العملاء في هذه الصفحة",
    action: "الإجراء على العملاء المحدَّدين",
    apply: "تطبيق على المحدَّدين",
    selected2: "عميلان محدَّدان",
    changed2: "تغيّر عميلان",
    qualified: "مؤهَّل",
    saveFilters: "حفظ عوامل التصفية هذه",
    viewName: "اسم طريقة العرض",
    saveView: "حفظ طريقة العرض",
    views: "طرق العرض المحفوظة",
    open: "فتح العميل المحتمل",
    note: "أضف ملاحظة",
    add: "إضافة الملاحظة",
    edit: "تعديل الملاحظة",
    noteText: "نص الملاحظة",
    saveNote: "حفظ الملاحظة",
  },
} as const;

test.describe("leads: bulk actions, saved views, note edits", () => {
  test.describe.configure({ timeout: 180_000 });
  for (const lang of ["en", "ar"] as const) {
    const L = LABELS[lang];
    test(`(${lang}) two leads change status in one go, the filters are saved as a view, a note is edited`, async ({ page }) => {
      const problems = watchConsole(page);
      const stamp = `${Date.now()}${lang}`;
      await submitLead(`Bulk A ${stamp}`, `bulk.a.${stamp}@example.ae`);
      await submitLead(`Bulk B ${stamp}`, `bulk.b.${stamp}@example.ae`);
      await signIn(page, `${L.prefix}/admin/leads`);
      await page.getByRole("searchbox").fill(stamp);
      await expect(page.getByTestId("lead-row")).toHaveCount(2);

      // Select the page, then one action for both (the keyboard path is in the LeadsInbox/BulkSelected story).
      await page.getByRole("checkbox", { name: L.selectPage }).check({ force: true });
      await expect(page.getByTestId("leads-selected-count")).toHaveText(L.selected2);
      await page.getByLabel(L.action).selectOption("status:qualified");
      await page.getByRole("button", { name: L.apply }).click();
      await expect(page.getByTestId("leads-selected-count")).toHaveText(L.changed2);
      for (const row of await page.getByTestId("lead-row").all()) await expect(row).toContainText(L.qualified);
      const svc = serviceClient();
      const leads = (await svc.from("leads").select("id,status").ilike("full_name", `%${stamp}`)).data!;
      expect(leads.map((l) => l.status)).toEqual(["qualified", "qualified"]);
      const events = await svc
        .from("lead_events")
        .select("lead_id")
        .eq("kind", "status_changed")
        .in(
          "lead_id",
          leads.map((l) => l.id),
        );
      expect(events.data).toHaveLength(2);

      // Save the search as a view; it is there after a reload, and applies.
      await page.getByRole("button", { name: L.saveFilters }).click();
      await page.getByLabel(L.viewName).fill(`View ${stamp}`);
      await page.getByRole("button", { name: L.saveView }).click();
      const chips = page.getByRole("list", { name: L.views });
      await expect(chips.getByRole("button", { name: `View ${stamp}`, exact: true })).toHaveAttribute("aria-current", "true");
      await page.goto(`${L.prefix}/admin/leads`);
      await page
        .getByRole("list", { name: L.views })
        .getByRole("button", { name: `View ${stamp}`, exact: true })
        .click();
      await expect(page.getByTestId("lead-row")).toHaveCount(2);
      await expect(page).toHaveURL(new RegExp(`q=${stamp}`));

      // A note, then its edit: the timeline shows the new text, marked edited.
      await page.getByRole("button", { name: `${L.open}: Bulk A ${stamp}` }).click();
      const dialog = page.getByRole("dialog", { name: `Bulk A ${stamp}` });
      await dialog.getByLabel(L.note).fill("Call on Sunday");
      await dialog.getByRole("button", { name: L.add }).click();
      await dialog.getByRole("button", { name: L.edit }).click();
      await dialog.getByLabel(L.noteText).fill("Call on Monday");
      await dialog.getByRole("button", { name: L.saveNote }).click();
      const note = dialog.locator('li[data-event="note_added"]');
      await expect(note).toContainText("Call on Monday");
      await expect(note.getByTestId("note-edited")).toBeVisible();
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });
  }
});
