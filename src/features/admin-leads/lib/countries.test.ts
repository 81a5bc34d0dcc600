import { describe, expect, it } from "vitest";
import { countryCodesMatching, countryName, countryNames, fold } from "./countries";

describe("countryCodesMatching", () => {
  it("finds a country by its name in English or Arabic, whatever the admin's language", () => {
    expect(countryCodesMatching("Canada")).toEqual(["CA"]);
    expect(countryCodesMatching("كندا", "en")).toEqual(["CA"]);
    expect(countryCodesMatching("canada", "ar")).toEqual(["CA"]);
    expect(countryCodesMatching("Saudi")).toEqual(["SA"]);
    expect(countryCodesMatching("السعودية")).toEqual(["SA"]);
    // hamza and teh marbuta written the other way
    expect(countryCodesMatching("السعوديه")).toEqual(["SA"]);
    expect(countryCodesMatching("الامارات")).toEqual(["AE"]);
  });

  it("knows codes and everyday short names; an exact name means that country only", () => {
    expect(countryCodesMatching("UAE")).toEqual(["AE"]);
    expect(countryCodesMatching("ksa")).toEqual(["SA"]);
    expect(countryCodesMatching("UK")).toEqual(["GB"]);
    expect(countryCodesMatching("ca")).toEqual(["CA"]);
    expect(countryCodesMatching("Niger")).toEqual(["NE"]);
    expect(countryCodesMatching("nige")).toEqual(expect.arrayContaining(["NE", "NG"]));
    expect(countryCodesMatching("turkiye")).toEqual(["TR"]);
  });

  it("is null for no text (no filter) and empty when nothing matches", () => {
    expect(countryCodesMatching("  ")).toBeNull();
    expect(countryCodesMatching("Atlantis")).toEqual([]);
  });
});

describe("country names", () => {
  it("names a code in the admin's language", () => {
    expect(countryName("CA", "en")).toBe("Canada");
    expect(countryName("CA", "ar")).toBe("كندا");
    expect(countryNames("en")).toContain("Saudi Arabia");
    expect(countryNames("ar")).toContain("المملكة العربية السعودية");
  });

  it("folds case, accents and Arabic letter forms", () => {
    expect(fold("  Côte  d’Ivoire ")).toBe("cote d'ivoire");
    expect(fold("الإمارات")).toBe("الامارات");
  });
});
