import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { leadLocationMachine } from "./lead-location.machine";

const start = (
  input?: Parameters<typeof createActor<typeof leadLocationMachine>>[1] extends infer O
    ? O extends { input?: infer I }
      ? I
      : never
    : never,
) => createActor(leadLocationMachine, { input }).start();

describe("lead location machine", () => {
  it("starts in UAE with +971 and no city", () => {
    const a = start();
    expect(a.getSnapshot().value).toBe("uae");
    expect(a.getSnapshot().context).toMatchObject({ group: "UAE", countryCode: "+971", city: "" });
  });

  it("switching to Others resets the code to the group's first code and clears the city", () => {
    const a = start();
    a.send({ type: "city.change", city: "Dubai" });
    a.send({ type: "code.change", code: "+971" });
    a.send({ type: "group.change", group: "Others" });
    expect(a.getSnapshot().value).toBe("others");
    expect(a.getSnapshot().context).toMatchObject({ group: "Others", countryCode: "+1", city: "" });
  });

  it("switching back to UAE restores +971 and clears the city", () => {
    const a = start();
    a.send({ type: "group.change", group: "Others" });
    a.send({ type: "code.change", code: "+44" });
    a.send({ type: "city.change", city: "United Kingdom" });
    a.send({ type: "group.change", group: "UAE" });
    expect(a.getSnapshot().context).toMatchObject({ group: "UAE", countryCode: "+971", city: "" });
  });

  it("re-choosing the same group also resets code and city", () => {
    const a = start();
    a.send({ type: "city.change", city: "Sharjah" });
    a.send({ type: "group.change", group: "UAE" });
    expect(a.getSnapshot().context.city).toBe("");
  });

  it("keeps the chosen code and city within a group", () => {
    const a = start();
    a.send({ type: "group.change", group: "Others" });
    a.send({ type: "code.change", code: "+44" });
    a.send({ type: "city.change", city: "Canada" });
    expect(a.getSnapshot().context).toMatchObject({ countryCode: "+44", city: "Canada" });
  });

  it("returns to UAE after a submit", () => {
    const a = start();
    a.send({ type: "group.change", group: "Others" });
    a.send({ type: "city.change", city: "Canada" });
    a.send({ type: "form.reset" });
    expect(a.getSnapshot().value).toBe("uae");
    expect(a.getSnapshot().context).toMatchObject({ group: "UAE", countryCode: "+971", city: "" });
  });

  it("takes the first code of each group from its input", () => {
    const a = start({ firstCodes: { Others: "+7" } });
    a.send({ type: "group.change", group: "Others" });
    expect(a.getSnapshot().context.countryCode).toBe("+7");
  });
});
