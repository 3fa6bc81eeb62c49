import type { UserProgram } from "../../../shared/schemas/users";

/** Non-archived programs before archived ones, otherwise in the server's order (the sort is stable). */
export function activeBeforeArchived(programs: readonly UserProgram[]): UserProgram[] {
  return [...programs].sort((a, b) => Number(a.archived) - Number(b.archived));
}

export function programMenuLabel(program: UserProgram): string {
  return program.archived ? `${program.name} (archived)` : program.name;
}
