/** The longest team address (the database's `teams.slug` check); team-schema.ts holds the rest of its rule. */
const slugMax = 48;

/**
 * An address to propose for a team name: Latin letters without their accents, digits, hyphens between words; ''
 * when nothing of the name is Latin (a team named in Arabic or Japanese types its address itself). Kept apart from
 * the form schema so the create form proposes as the name is typed without loading zod.
 */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, slugMax)
    .replace(/-+$/, '');
}
