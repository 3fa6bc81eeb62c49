import type { GroupRef, Person } from "../../../shared/schemas/committee";

export interface Option {
  value: string;
  label: string;
  /** Shown after the label in the list of choices only (a reviewer's load), never in the chosen pill. */
  detail?: string;
}

/**
 * A person as the pickers know them: from the committee (with an email and their load) or a group's member
 * list (without).
 */
type KnownPerson = Pick<Person, "_id" | "name"> & { email?: string; assigned?: number };

/** A reviewer's load as the choices show it: "3 assigned". */
export function loadLabel(assigned: number): string {
  return `${assigned} assigned`;
}

function personName(person: KnownPerson): string {
  const name = person.name.trim();
  if (name !== "") return name;
  return person.email?.trim() || person._id;
}

/**
 * The choices of a reviewer picker: the committee, plus whoever is already chosen but no longer on it
 * (removed from the program, or made a plain admin) — without them the picker could not show, or
 * remove, that person. Two people with the same name are told apart by their email.
 */
export function personOptions(committee: readonly KnownPerson[], chosen: readonly KnownPerson[]): Option[] {
  const people = new Map<string, KnownPerson>();
  for (const person of [...committee, ...chosen]) {
    if (!people.has(person._id)) people.set(person._id, person);
  }
  const nameCounts = new Map<string, number>();
  for (const person of people.values()) {
    const name = personName(person).toLowerCase();
    nameCounts.set(name, (nameCounts.get(name) ?? 0) + 1);
  }
  return [...people.values()]
    .map((person) => {
      const name = personName(person);
      const shared = (nameCounts.get(name.toLowerCase()) ?? 0) > 1;
      const label = shared && person.email ? `${name} (${person.email})` : name;
      return person.assigned === undefined
        ? { value: person._id, label }
        : { value: person._id, label, detail: loadLabel(person.assigned) };
    })
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: "base" }));
}

/** The program's groups, plus any chosen group the list does not hold (deleted meanwhile). */
export function groupOptions(groups: readonly GroupRef[], chosen: readonly GroupRef[]): Option[] {
  const options = new Map<string, Option>();
  for (const group of [...groups, ...chosen]) {
    if (!options.has(group._id)) options.set(group._id, { value: group._id, label: group.name || group._id });
  }
  return [...options.values()].sort((a, b) =>
    a.label.localeCompare(b.label, undefined, { sensitivity: "base" }),
  );
}

/**
 * The people a picker's ids stand for, in the order chosen: what the row shows at once, before the
 * server answers (an id nobody knows keeps its id as name until the list is refreshed).
 */
export function peopleForIds(ids: readonly string[], known: readonly Person[]): Person[] {
  const byId = new Map(known.map((person) => [person._id, person]));
  return ids.map((id) => byId.get(id) ?? { _id: id, name: id, email: "" });
}

export function groupsForIds(ids: readonly string[], known: readonly GroupRef[]): GroupRef[] {
  const byId = new Map(known.map((group) => [group._id, group]));
  return ids.map((id) => byId.get(id) ?? { _id: id, name: id });
}
