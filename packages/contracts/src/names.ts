/** A person's name as every screen and export shows it: first and last, one space, no edge space. */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}
