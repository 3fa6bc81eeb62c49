import { randomUUID } from "node:crypto";
import type { JsonSchema } from "../../src/server/test/access/fuzz/schema-values";

/**
 * A valid example of a value from its JSON Schema (the OpenAPI document's): what a scanner starts from
 * and then bends one field at a time. The fuzzer's schema-values.ts makes hostile values from the same
 * schemas; here it is the opposite, one plain value that passes validation, so that the scanners'
 * payloads reach the handler's queries rather than the validator's first refusal.
 *
 * `named` gives the value a field of that name must have to mean something (a real program's id for
 * `programId`, the caller's own id for `userId`…); everything else comes from the schema.
 */
export type Schema = JsonSchema & { const?: unknown; oneOf?: JsonSchema[] };
export type Named = (name: string) => unknown;

/** What `named` gives for a field to leave out (an optional one whose example would be refused). */
export const OMIT = Symbol("omit");

/** Text for free-text fields: plain, within every limit the schemas set. */
const TEXT = "Security scan";

const typesOf = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

function stringExample(schema: Schema): string | undefined {
  if (schema.format === "uuid") return randomUUID();
  if (schema.format === "date-time") return new Date().toISOString();
  if (schema.format === "email") return "scan@demo.test";
  // A pattern we cannot satisfy in general: the caller must name the field.
  if (schema.pattern) return undefined;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  return TEXT.padEnd(min, ".").slice(0, Math.max(min, Math.min(max, TEXT.length)));
}

function numberExample(schema: Schema): number {
  let value = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  if (schema.maximum !== undefined) value = Math.min(value, schema.maximum);
  return value;
}

/** An example for `schema`, or undefined when there is none to give (the field is then left out). */
export function exampleFor(schema: Schema | undefined, name: string | undefined, named: Named): unknown {
  if (name !== undefined) {
    const value = named(name);
    if (value === OMIT) return undefined;
    if (value !== undefined) return value;
  }
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    for (const alternative of alternatives) {
      const value = exampleFor(alternative, undefined, named);
      if (value !== undefined && value !== null) return value;
    }
    return undefined;
  }
  const type = typesOf(schema).find((t) => t !== "null");
  switch (type) {
    case "string":
      return stringExample(schema);
    case "number":
    case "integer":
      return numberExample(schema);
    case "boolean":
      return false;
    case "array": {
      const item = exampleFor(schema.items, undefined, named);
      return (schema.minItems ?? 0) > 0 && item !== undefined ? [item] : [];
    }
    case "object":
      return objectExample(schema, named);
    default:
      return typesOf(schema).includes("null") ? null : undefined;
  }
}

/**
 * Every property with an example, optional ones included: each is one more input the scanners try.
 * (A call needs fewer, but an input left out is an input not scanned.)
 */
function objectExample(schema: Schema, named: Named): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const example = exampleFor(property, key, named);
    if (example !== undefined) value[key] = example;
  }
  return value;
}
