import { describe, expect, it } from "vitest";
import { nameMessages, nameSchema } from "./names.ts";

const schema = nameSchema({ required: "Name is required", tooLong: "Too long" }, 10);

describe("names", () => {
  it("stores a name in NFC with its surrounding space trimmed", () => {
    expect(schema.parse("  Cafe\u0301 ")).toBe("Caf\u00E9");
  });

  it("measures the length of the normalized name", () => {
    // Ten letters once composed, fifteen code units as sent.
    expect(schema.safeParse("e\u0301".repeat(5) + "abcde").success).toBe(true);
  });

  it.each([
    ["a zero-width space", "Crocs\u200B"],
    ["a zero-width joiner", "Cro\u200Dcs"],
    ["a right-to-left override", "Evil\u202Egpj"],
    ["a right-to-left isolate", "a\u2067b\u2069"],
    ["a left-to-right mark", "\u200EShoes"],
    ["a word joiner", "Sho\u2060es"],
    ["a soft hyphen", "Sho\u00ADes"],
  ])("refuses %s", (_, name) => {
    const result = schema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([nameMessages.invisibleCharacters]);
  });

  it("takes names in any script, accents and emoji included", () => {
    for (const name of ["Zoë", "Łódź", "東京靴店", "שלום", "Feet 🦶"]) expect(schema.parse(name)).toBe(name);
  });

  it("refuses a name shorter than its minimum, and a blank one only as required", () => {
    const atLeastThree = nameSchema(
      { required: "Required", tooShort: "Too short", tooLong: "Too long" },
      10,
      3,
    );
    const messages = (name: string) =>
      atLeastThree.safeParse(name).error?.issues.map((issue) => issue.message);
    expect(messages("   ")).toEqual(["Required"]);
    expect(messages(" ab ")).toEqual(["Too short"]);
    expect(messages("abc\u200B")).toEqual([nameMessages.invisibleCharacters]);
    expect(atLeastThree.parse(" abc ")).toBe("abc");
  });
});
