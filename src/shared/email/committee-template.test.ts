import { describe, expect, it } from "vitest";
import { DEFAULT_EMAIL_TEMPLATE } from "../schemas/committee";
import { fillTemplate, formatAmount } from "./committee-template";

describe("the committee's email template", () => {
  it("fills every placeholder, every time it appears", () => {
    const text = fillTemplate("{{name}} / {{application}} / {{amount}} / {{name}}", {
      name: "Ada",
      application: "Harbour Food Bank",
      amount: 12500.5,
    });
    expect(text).toBe("Ada / Harbour Food Bank / $12,500.50 / Ada");
  });

  it("leaves unknown placeholders alone and never expands a value a second time", () => {
    const text = fillTemplate("{{name}} {{unknown}}", {
      name: "{{amount}}",
      application: "x",
      amount: 5,
    });
    expect(text).toBe("{{amount}} {{unknown}}");
  });

  it("shows an unset amount as nothing and zero as $0.00", () => {
    expect(formatAmount(null)).toBe("");
    expect(formatAmount(0)).toBe("$0.00");
  });

  it("the default template names all three placeholders", () => {
    const filled = fillTemplate(`${DEFAULT_EMAIL_TEMPLATE.subject}\n${DEFAULT_EMAIL_TEMPLATE.body}`, {
      name: "Ada",
      application: "App",
      amount: 1,
    });
    expect(filled).not.toContain("{{");
    expect(filled).toContain("Dear Ada,");
    expect(filled).toContain("$1.00");
  });
});
