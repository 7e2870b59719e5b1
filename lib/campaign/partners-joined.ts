// DESIGN D6: the partners badge on /magic shows the real count of confirmed partner pledges. While
// there are only a few, a bare "0 partners joined" reads as a campaign nobody joined; below this
// many the badge asks the reader to be one of the first instead, and the count shows from there on.
export const FEW_PARTNERS = 10;

export const FIRST_PARTNERS_CALL = "Be one of our first partners";

/** What the badge says for this many confirmed partners. */
export function partnersJoinedLabel(partners: number): string {
  if (partners < FEW_PARTNERS) return FIRST_PARTNERS_CALL;
  return `${partners.toLocaleString("en-US")} partners joined`;
}
